// CI runner: every running job streams its build log into its own FILE*,
// kept in a std::map keyed by job id. Jobs finish normally (finish(): close
// and erase), get cancelled from the web UI (cancel()), and the runner
// broadcasts agent messages to every open log and closes them all when the
// agent is drained.
// cancel() closes the job's FILE* but leaves the dangling pointer in the map,
// so later broadcasts, line() calls for that job and closeAll() touch a
// closed stream.
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

class JobLogs {
public:
  explicit JobLogs(std::string dir) : dir_(std::move(dir)) {}

  bool start(int job) {
    std::string path = dir_ + "/job-" + std::to_string(job) + ".log";
    FILE *fp = std::fopen(path.c_str(), "w");
    if (!fp)
      return false;
    logs_[job] = fp;
    return true;
  }

  void line(int job, const std::string &text) {
    auto it = logs_.find(job);
    if (it == logs_.end())
      return;
    std::fprintf(it->second, "[job %d] %s\n", job, text.c_str()); // SAME: stepaftercancel
  }

  void finish(int job, int exitCode) {
    auto it = logs_.find(job);
    if (it == logs_.end())
      return;
    std::fprintf(it->second, "exit status %d\n", exitCode);
    std::fclose(it->second);
    logs_.erase(it);
  }

  void cancel(int job) {
    auto it = logs_.find(job);
    if (it != logs_.end())
      std::fclose(it->second);
  }

  void broadcast(const std::string &text) {
    for (auto &kv : logs_)
      std::fprintf(kv.second, "[agent] %s\n", text.c_str()); // SAME: bcast
  }

  void closeAll() {
    for (auto &kv : logs_)
      std::fclose(kv.second); // SAME: drain
    logs_.clear();
  }

private:
  std::string dir_;
  std::map<int, FILE *> logs_;
};

// Normal pipeline: jobs finish, the agent is drained.
void normalPipeline() {
  JobLogs logs("/tmp");
  logs.start(101);
  logs.start(102);
  logs.line(101, "compiling");
  logs.finish(101, 0);
  logs.line(101, "late output from a zombie step"); // OK: finish() erased job 101, line() drops it
  logs.line(102, "running tests"); // OK: job 102 is still open
  logs.broadcast("agent will restart after these jobs"); // OK: only open logs are left in the map
  logs.closeAll(); // OK: job 101 was erased, each stream is closed once
}

// The user cancels a job while its step is still printing.
void cancelDuringStep() {
  JobLogs logs("/tmp");
  logs.start(201);
  logs.line(201, "downloading artifacts");
  logs.cancel(201);
  logs.line(201, "download finished"); // BUG: use-after-close #stepaftercancel
}

void cancelThenBroadcast() {
  JobLogs logs("/tmp");
  logs.start(301);
  logs.start(302);
  logs.cancel(302);
  logs.broadcast("runner 7 is going offline"); // BUG: use-after-close #bcast
}

void cancelThenDrain() {
  JobLogs logs("/tmp");
  logs.start(401);
  logs.cancel(401);
  logs.closeAll(); // BUG: double-close #drain
}

// JUnit reports are kept open per shard in a vector and closed one by one.
void writeShardReports(int shards) {
  std::vector<FILE *> reports;
  for (int i = 0; i < shards; ++i)
    reports.push_back(std::fopen(("/tmp/junit-" + std::to_string(i) + ".xml").c_str(), "w"));
  FILE *&first = reports.front();
  if (first) {
    std::fputs("<testsuite name=\"shard-0\"/>\n", first);
    std::fclose(first);
    first = nullptr;
  }
  for (FILE *fp : reports) {
    if (!fp)
      continue;
    std::fputs("<testsuite/>\n", fp); // OK: shard 0 was nulled through the reference
    std::fclose(fp); // OK: shard 0 is skipped, the others are closed once
  }
}

int main(int argc, char **argv) {
  normalPipeline();
  writeShardReports(3);
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "cancel-step")
    cancelDuringStep();
  else if (mode == "cancel-broadcast")
    cancelThenBroadcast();
  else if (mode == "cancel-drain")
    cancelThenDrain();
  return 0;
}
