// CI runner log plumbing. A LogRegistry maps job ids to shared_ptr<LogSink>;
// LogSink appends lines to a job log file. LogSink::write() throws
// std::logic_error once the sink is closed; LogSink::close() is idempotent
// (a second call does nothing). StepRunner holds a weak_ptr to the sink and
// ArtifactUploader holds a shared_ptr copy; both check the sink is open
// before writing. The registry closes a sink when its job finishes.
// Negative case: the runner is single-threaded, every write is preceded by a
// check on the same thread, and the repeated finish() only reaches an
// idempotent close(), so nothing is used or closed in error.
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class LogSink {
public:
  explicit LogSink(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {}
  ~LogSink() { close(); }
  LogSink(const LogSink &) = delete;
  LogSink &operator=(const LogSink &) = delete;

  bool isOpen() const { return fp_ != nullptr; }
  void write(const std::string &line) {
    if (!fp_)
      throw std::logic_error("log sink closed");
    std::fprintf(fp_, "%s\n", line.c_str());
  }
  void close() {
    if (!fp_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  FILE *fp_;
};

class LogRegistry {
public:
  std::shared_ptr<LogSink> open(const std::string &jobId) {
    auto sink = std::make_shared<LogSink>("/var/lib/ci/logs/" + jobId + ".log");
    sinks_[jobId] = sink;
    return sink;
  }
  std::shared_ptr<LogSink> find(const std::string &jobId) const {
    auto it = sinks_.find(jobId);
    return it == sinks_.end() ? nullptr : it->second;
  }
  void finish(const std::string &jobId) {
    auto it = sinks_.find(jobId);
    if (it == sinks_.end())
      return;
    it->second->close();
    sinks_.erase(it);
  }

private:
  std::map<std::string, std::shared_ptr<LogSink>> sinks_;
};

class StepRunner {
public:
  explicit StepRunner(std::weak_ptr<LogSink> sink) : sink_(std::move(sink)) {}
  void log(const std::string &line) {
    std::shared_ptr<LogSink> s = sink_.lock();
    if (!s || !s->isOpen())
      return;
    s->write(line); // OK: lock() and isOpen() checked on this thread
  }
  int run(const std::vector<std::string> &steps) {
    for (const std::string &step : steps)
      log("+ " + step);
    return 0;
  }

private:
  std::weak_ptr<LogSink> sink_;
};

class ArtifactUploader {
public:
  void attach(std::shared_ptr<LogSink> sink) { sink_ = std::move(sink); }
  void upload(const std::string &artifact) {
    uploaded_.push_back(artifact);
    if (sink_ && sink_->isOpen())
      sink_->write("uploaded " + artifact); // OK: isOpen() checked first
  }

private:
  std::shared_ptr<LogSink> sink_;
  std::vector<std::string> uploaded_;
};

int main() {
  LogRegistry registry;
  const std::string job = "build-4411";
  std::shared_ptr<LogSink> sink = registry.open(job);

  StepRunner runner(sink);
  ArtifactUploader uploader;
  uploader.attach(sink);
  sink.reset();

  runner.run({"cmake -B out", "cmake --build out", "ctest --test-dir out"});
  uploader.upload("out/app.tar.gz");
  registry.finish(job);

  runner.log("post-job cleanup");        // OK: the sink is closed, log() drops the line
  uploader.upload("out/coverage.xml");   // OK: upload() skips the closed sink
  registry.finish(job);                  // OK: the entry is gone; close() is idempotent anyway
  if (std::shared_ptr<LogSink> late = registry.find(job))
    late->write("late line"); // OK: find() returns null once the job finished
  return 0;
}
