"""The harness's shared core: launching JVMs and servers, load generation, sampling /proc, results, statistics,
charts and markdown. The experiment modules (../experiments) use it; nothing here imports an experiment."""
