"""`make rehearse`: production rehearsed offline (infra/README.md, "Rehearsal").

The built Lambda packages (infra/package_lambda.py, for this machine's processor) run as separate
processes, one per warm container, with the environment the synthesized template gives each function,
against DynamoDB Local and moto's server; the pieces AWS offers that neither has are small stand-ins
with the same API (the CloudFront KeyValueStore, Lambda's Invoke, CloudFormation's response URL,
CloudWatch's alarm evaluation). Modules:

- `template`: synthesize the stage's template (the app `make deploy` runs) and resolve its intrinsics
  against the local resources (`Stage`);
- `container`: the process a function runs in (the runner) and its driver (`Container`);
- `standins`: the KeyValueStore, Lambda Invoke and CloudFormation response endpoints;
- `scenario`: the rehearsal itself (tests/infra/test_rehearse.py runs it and checks IAM).
"""
