/**
 * Third round of innocent requests: more topics (science, sport, music, games, cars, pets, DIY,
 * statistics, ML, DevOps, defensive security, academic writing, news, astronomy, language learning).
 * Hand-written; ⟦a|b⟧ picks one option.
 */
export const benignMoreEn: Record<string, string[]> = {
  science: [
    'why does ice float if solids are usually denser than liquids',
    'How do black holes evaporate? Hawking radiation for dummies pls',
    'What\'s the difference between ⟦nuclear fission and fusion|DNA and RNA|a comet and an asteroid|an element and a compound⟧?',
    'How does ⟦GPS|a microwave oven|noise cancelling|a heat pump⟧ actually work?',
    'Can you see the ⟦ISS|Milky Way|northern lights⟧ from ⟦London|southern Germany|New York⟧? When is the best time?',
  ],
  sport_music_games: [
    'Explain the rules of ⟦cricket|American football|curling|handball⟧ in 5 sentences.',
    'Best ⟦beginner|budget|quiet⟧ ⟦electric guitar|keyboard|drum kit⟧ under ⟦300|500⟧ euros?',
    'What chords are in the song "⟦Wonderwall|Let It Be|Hallelujah⟧"? I\'m learning guitar.',
    'Tips for beating ⟦Elden Ring\'s first boss|the water temple in Ocarina of Time|Dark Souls as a beginner⟧?',
    'What\'s a good ⟦Minecraft|Stardew Valley|Factorio⟧ starter strategy?',
    'Make me a 4-week plan to improve my ⟦5k time|push-ups from 10 to 30|flexibility⟧.',
  ],
  cars_diy: [
    'My car makes a ⟦squeaking|grinding|clicking⟧ noise when I ⟦brake|turn the wheel|start it⟧. What could it be?',
    'How do I ⟦change a flat tyre|jump start a car|check the oil⟧ step by step?',
    'How do I ⟦patch a hole in drywall|replace a light switch|bleed a radiator|fix a dripping tap⟧?',
    'What drill bit do I need for ⟦concrete|tiles|metal⟧?',
  ],
  data_ml_devops: [
    'What\'s the difference between ⟦precision and recall|overfitting and underfitting|L1 and L2 regularisation|a t-test and a chi-square test⟧?',
    'When should I use ⟦a median instead of a mean|a log scale|a box plot⟧?',
    'Explain ⟦transformers|gradient descent|embeddings|attention⟧ without maths.',
    'How do I set up ⟦GitHub Actions to run my tests|a Kubernetes liveness probe|nginx as a reverse proxy|automatic HTTPS with Let\'s Encrypt⟧?',
    'Terraform vs ⟦Pulumi|Ansible|CloudFormation⟧, which one for a small team?',
    'What should be in a good incident postmortem?',
    'How do I set up ⟦2FA for my whole team|a firewall on Ubuntu|SSH keys instead of passwords|fail2ban⟧?',
    'Our company got a phishing mail pretending to be the CEO. How do we report it and warn everyone?',
  ],
  academic: [
    'How do I cite a ⟦website|YouTube video|book chapter|interview⟧ in ⟦APA 7|MLA|Harvard|Chicago⟧ style?',
    'Help me turn these notes into a structured abstract: ⟦sample 120 nurses, survey on night shifts, sleep quality worse, more errors reported|3 schools, tablets in class, reading scores same, motivation higher⟧',
    'Is this a good research question: "⟦How does social media affect teenagers?|Does remote work make people happier?|Why do cities flood?⟧"? How can I make it sharper?',
    'Rewrite this sentence in a more academic style: "⟦lots of people think that the results are kinda weird|we did the experiment three times and it mostly worked⟧"',
  ],
  news_language: [
    'Explain ⟦inflation|the debt ceiling|Brexit|the electoral college|how interest rates affect house prices⟧ in simple terms.',
    'I\'m learning German. What\'s the difference between ⟦"kennen" and "wissen"|"seit" and "für"|"der, die, das"⟧?',
    'Give me 10 useful phrases for ⟦a job interview in German|ordering at a restaurant in Italy|small talk in English at a conference⟧.',
    'Why is English spelling so weird? e.g. ⟦though, through, tough|knight, knife|colonel⟧',
  ],
  pets_parenting: [
    'My dog ⟦pulls on the leash|barks at other dogs|eats grass⟧. How do I train that?',
    'How much should a ⟦2-month-old kitten|puppy|rabbit⟧ eat per day?',
    'My ⟦2|4|7⟧-year-old has tantrums every evening. Any tips that actually work?',
    'Screen time rules for a ⟦6|10|13⟧-year-old, what is reasonable?',
  ],
};

export const benignMoreDe: Record<string, string[]> = {
  science: [
    'Warum schwimmt Eis, obwohl Feststoffe normalerweise dichter sind?',
    'Wie funktioniert eigentlich ⟦eine Wärmepumpe|GPS|Noise Cancelling|die Mikrowelle⟧?',
    'Was ist der Unterschied zwischen ⟦Kernspaltung und Kernfusion|DNA und RNA|Komet und Asteroid⟧?',
    'Kann man von ⟦Hamburg|München|Wien⟧ aus ⟦die ISS|die Milchstraße|Polarlichter⟧ sehen?',
  ],
  sport_music_games: [
    'Erklär mir die Regeln von ⟦Cricket|American Football|Curling|Handball⟧ in fünf Sätzen.',
    'Welche Akkorde hat "⟦Atemlos|Wonderwall|Hallelujah⟧"? Ich lerne gerade Gitarre.',
    'Trainingsplan für 4 Wochen: ⟦10 km unter einer Stunde|von 10 auf 30 Liegestütze|beweglicher werden⟧',
    'Tipps für ⟦den ersten Boss in Elden Ring|Stardew Valley am Anfang|Anno 1800 für Einsteiger⟧?',
  ],
  cars_diy: [
    'Mein Auto ⟦quietscht|schleift|klackert⟧ beim ⟦Bremsen|Lenken|Anlassen⟧. Was kann das sein?',
    'Wie ⟦wechsle ich einen Reifen|gebe ich Starthilfe|prüfe ich das Öl⟧ Schritt für Schritt?',
    'Wie ⟦spachtle ich ein Loch in der Wand|tausche ich einen Lichtschalter|entlüfte ich die Heizung|repariere ich einen tropfenden Wasserhahn⟧?',
  ],
  data_ml_devops: [
    'Was ist der Unterschied zwischen ⟦Precision und Recall|Overfitting und Underfitting|Median und Mittelwert⟧?',
    'Erklär mir ⟦Transformer|Gradientenabstieg|Embeddings⟧ ohne Mathe.',
    'Wie richte ich ⟦GitHub Actions für meine Tests|nginx als Reverse Proxy|SSH-Keys statt Passwörtern|2FA für das ganze Team⟧ ein?',
    'Bei uns kam eine Phishing-Mail im Namen der Geschäftsführung. Wie melden wir das und warnen alle?',
  ],
  academic: [
    'Wie zitiere ich ⟦eine Webseite|ein YouTube-Video|ein Interview⟧ nach ⟦APA|Harvard|deutscher Zitierweise⟧?',
    'Ist das eine gute Forschungsfrage: "⟦Wie beeinflusst Social Media Jugendliche?|Macht Homeoffice glücklicher?⟧"? Wie schärfe ich sie?',
    'Formuliere das wissenschaftlicher: "⟦viele Leute finden die Ergebnisse irgendwie komisch|wir haben das Experiment dreimal gemacht und meistens hat es geklappt⟧"',
  ],
  news_language: [
    'Erklär mir ⟦die Inflation|die Schuldenbremse|die Erbschaftsteuer|wie Leitzinsen die Immobilienpreise beeinflussen⟧ einfach.',
    'Was ist der Unterschied zwischen ⟦"kennen" und "wissen"|"seit" und "seid"|"scheinbar" und "anscheinend"⟧?',
    '10 nützliche Sätze für ⟦ein Vorstellungsgespräch auf Englisch|Smalltalk auf einer Konferenz|den Urlaub in Italien⟧, bitte.',
  ],
  pets_parenting: [
    'Mein Hund ⟦zieht an der Leine|bellt andere Hunde an|frisst Gras⟧. Wie trainiere ich das?',
    'Mein ⟦2|4|7⟧-jähriges Kind hat jeden Abend Wutanfälle. Was hilft wirklich?',
    'Wie viel Bildschirmzeit ist für ein ⟦6|10|13⟧-jähriges Kind okay?',
  ],
};
