// Batch job runner: every running job has a JobChannel (its control inbox)
// stored in an unordered_map by job id. JobChannel::post() throws
// std::runtime_error once the channel is closed; close() on a closed channel
// throws std::logic_error. cancel() closes the channel found by key but keeps
// it in the map until reap(); finish() closes and erases. Defects: posting to
// a cancelled job by key, and shutdown() closing every entry including one
// that cancel() already closed.
#include <cstdio>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

class JobChannel {
public:
  explicit JobChannel(std::string jobId) : jobId_(std::move(jobId)) {}
  void post(const std::string &msg);
  void close();
  bool closed() const { return closed_; }

private:
  std::string jobId_;
  std::deque<std::string> inbox_;
  bool closed_ = false;
};

void JobChannel::post(const std::string &msg) {
  if (closed_)
    throw std::runtime_error("job channel closed: " + jobId_);
  inbox_.push_back(msg);
}

void JobChannel::close() {
  if (closed_)
    throw std::logic_error("job channel closed twice: " + jobId_);
  inbox_.clear();
  closed_ = true;
}

class JobRunner {
public:
  void submit(const std::string &id) { jobs_.emplace(id, std::make_unique<JobChannel>(id)); }
  void post(const std::string &id, const std::string &msg);
  void cancel(const std::string &id);
  void finish(const std::string &id);
  void reap();
  void shutdown();

private:
  std::unordered_map<std::string, std::unique_ptr<JobChannel>> jobs_;
};

void JobRunner::post(const std::string &id, const std::string &msg) {
  auto it = jobs_.find(id);
  if (it == jobs_.end())
    return;
  it->second->post(msg); // SAME: postcancelled
}

void JobRunner::cancel(const std::string &id) {
  auto it = jobs_.find(id);
  if (it != jobs_.end())
    it->second->close();
}

void JobRunner::finish(const std::string &id) {
  auto it = jobs_.find(id);
  if (it == jobs_.end())
    return;
  it->second->close();
  jobs_.erase(it);
}

void JobRunner::reap() {
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (it->second->closed())
      it = jobs_.erase(it);
    else
      ++it;
  }
}

void JobRunner::shutdown() {
  for (auto &entry : jobs_)
    entry.second->close(); // SAME: shutdowndbl
  jobs_.clear();
}

void nightlyBatch(JobRunner &r) {
  r.submit("export");
  r.submit("reindex");
  r.submit("thumbs");
  r.post("export", "start");
  r.cancel("reindex");
  r.post("export", "chunk 1"); // OK: a different job than the cancelled one
  r.finish("thumbs");
  r.post("thumbs", "resize"); // OK: finish() erased the entry, post() finds nothing
  r.post("reindex", "start"); // BUG: use-after-close #postcancelled
}

void maintenanceWindow(JobRunner &r) {
  r.submit("vacuum");
  r.submit("analyze");
  r.cancel("vacuum");
  r.reap();
  r.shutdown(); // OK: reap() removed the cancelled job before the close loop
}

void deployWindow(JobRunner &r) {
  r.submit("migrate");
  r.submit("warm-cache");
  r.cancel("warm-cache");
  r.shutdown(); // BUG: double-close #shutdowndbl
}

int main() {
  JobRunner nightly, maintenance, deploy;
  try {
    nightlyBatch(nightly);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "nightly: %s\n", e.what());
  }
  maintenanceWindow(maintenance);
  try {
    deployWindow(deploy);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "deploy: %s\n", e.what());
  }
  return 0;
}
