/**
 * The ONNX Runtime adapter of the sanitizer's entity model (services/sanitizer/entity-model.ts):
 * opens a token-classification graph with onnxruntime-node and runs one window of token ids.
 *
 * onnxruntime-node is an optional dependency. It is required here, on first use, and only when
 * ENTITY_MODEL_ENABLED is on: with the switch off the package is never loaded (its 45 MB native
 * library stays out of the process), and a machine where it failed to install runs Gatehouse fully.
 * The types below are the few parts of its API this file uses, declared here so that the project
 * type-checks without the package.
 */
interface OrtTensor {
  readonly type: string;
  readonly data: unknown;
  readonly dims: readonly number[];
}

interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
  release(): Promise<void>;
}

interface OrtModule {
  InferenceSession: { create(path: string, options?: Record<string, unknown>): Promise<OrtSession> };
  Tensor: new (type: 'int64', data: BigInt64Array, dims: number[]) => OrtTensor;
}

export const ONNX_RUNTIME_PACKAGE = 'onnxruntime-node';

/** The runtime is missing, or a model cannot be opened or run: the message says which and why. */
export class OnnxModelError extends Error {}

let runtime: OrtModule | null = null;

export function loadOnnxRuntime(): OrtModule {
  if (runtime) return runtime;
  try {
    // A plain require, at first use: see the header.
    runtime = require('onnxruntime-node') as OrtModule;
  } catch (err) {
    throw new OnnxModelError(
      `the optional package ${ONNX_RUNTIME_PACKAGE} could not be loaded (${(err as Error).message.split('\n')[0]}); ` +
        `install it with "npm install ${ONNX_RUNTIME_PACKAGE}" or turn ENTITY_MODEL_ENABLED off`,
    );
  }
  return runtime;
}

export interface TokenClassifierInputs {
  ids: string;
  attentionMask: string;
  tokenTypeIds: string;
  /** The output to read; the model's first when absent. */
  output?: string;
}

export interface TokenClassifier {
  readonly inputNames: readonly string[];
  readonly outputName: string;
  /** One row of scores per id, `labels` wide, as the model wrote them (logits or probabilities). */
  classify(ids: readonly number[], labels: number): Promise<Float32Array>;
  release(): Promise<void>;
}

/**
 * Opens `modelPath` and checks that its inputs are ones this adapter can feed (token ids, and
 * optionally an attention mask of ones and token type ids of zeros) and that the output exists.
 */
export async function openTokenClassifier(modelPath: string, io: TokenClassifierInputs): Promise<TokenClassifier> {
  const ort = loadOnnxRuntime();
  let session: OrtSession;
  try {
    // Warnings of the runtime (for example about unused initializers) would go to stderr unformatted.
    session = await ort.InferenceSession.create(modelPath, { executionProviders: ['cpu'], graphOptimizationLevel: 'all', logSeverityLevel: 3 });
  } catch (err) {
    throw new OnnxModelError(`${modelPath} is not a model ONNX Runtime can load: ${(err as Error).message}`);
  }
  const fail = async (message: string): Promise<never> => {
    await session.release().catch(() => {});
    throw new OnnxModelError(message);
  };
  if (!session.inputNames.includes(io.ids)) await fail(`the model has no input ${io.ids} (its inputs: ${session.inputNames.join(', ')})`);
  const unfed = session.inputNames.filter((n) => n !== io.ids && n !== io.attentionMask && n !== io.tokenTypeIds);
  if (unfed.length) await fail(`the model needs inputs Gatehouse cannot feed: ${unfed.join(', ')} (it feeds ${io.ids}, ${io.attentionMask}, ${io.tokenTypeIds})`);
  const outputName = io.output ?? session.outputNames[0];
  if (!outputName || !session.outputNames.includes(outputName)) {
    await fail(`the model has no output ${outputName ?? ''} (its outputs: ${session.outputNames.join(', ')})`);
  }

  const filled = (n: number, value: bigint) => new ort.Tensor('int64', new BigInt64Array(n).fill(value), [1, n]);
  return {
    inputNames: session.inputNames,
    outputName: outputName!,
    async classify(ids, labels) {
      const feeds: Record<string, OrtTensor> = { [io.ids]: new ort.Tensor('int64', BigInt64Array.from(ids, (id) => BigInt(id)), [1, ids.length]) };
      if (session.inputNames.includes(io.attentionMask)) feeds[io.attentionMask] = filled(ids.length, 1n);
      if (session.inputNames.includes(io.tokenTypeIds)) feeds[io.tokenTypeIds] = filled(ids.length, 0n);
      const out = (await session.run(feeds))[outputName!]!;
      const rows = out.dims.length === 3 ? out.dims[1]! : out.dims[0]!;
      const width = out.dims[out.dims.length - 1];
      // ArrayBuffer.isView rather than instanceof: the runtime's native side makes the array.
      if (out.type !== 'float32' || !ArrayBuffer.isView(out.data)) {
        throw new OnnxModelError(`output ${outputName} is ${out.type}, expected float32 scores`);
      }
      if ((out.dims.length !== 3 && out.dims.length !== 2) || rows !== ids.length || width !== labels) {
        throw new OnnxModelError(
          `output ${outputName} has shape [${out.dims.join(', ')}], expected [1, ${ids.length}, ${labels}] (one score per label per token; the manifest lists ${labels} labels)`,
        );
      }
      return out.data as Float32Array;
    },
    release: () => session.release(),
  };
}
