// Telemetry of a batch import tool. EventSink buffers events for one session
// and ships them on close(); send() throws std::logic_error once the sink is
// closed, close() is idempotent (a second call returns immediately).
// SinkCloser is an RAII guard whose destructor calls close() on the sink.
// SessionEndMarker's destructor sends the "session_end" event. Locals are
// destroyed in reverse order of declaration, so the marker must be declared
// after the closer for its event to reach an open sink. The same holds for
// the members of ScheduledImport: ProgressReporter's destructor sends the
// final progress event, and members are destroyed in reverse order too.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class EventSink {
public:
  explicit EventSink(std::string name) : name_(std::move(name)) {}
  void send(const std::string &event);
  void close();
  bool closed() const { return closed_; }

private:
  std::string name_;
  std::vector<std::string> buffered_;
  bool closed_ = false;
};

void EventSink::send(const std::string &event) {
  if (closed_)
    throw std::logic_error("event sink closed: " + name_);
  buffered_.push_back(event);
}

void EventSink::close() {
  if (closed_)
    return;
  for (const std::string &e : buffered_)
    std::printf("[%s] %s\n", name_.c_str(), e.c_str());
  buffered_.clear();
  closed_ = true;
}

// Closes the sink when the guard leaves scope.
class SinkCloser {
public:
  explicit SinkCloser(EventSink &sink) : sink_(sink) {}
  ~SinkCloser() { sink_.close(); }

private:
  EventSink &sink_;
};

// Emits "session_end <id>" when the session scope ends.
class SessionEndMarker {
public:
  SessionEndMarker(EventSink &sink, std::string id) : sink_(sink), id_(std::move(id)) {}
  ~SessionEndMarker();

private:
  EventSink &sink_;
  std::string id_;
};

SessionEndMarker::~SessionEndMarker() {
  sink_.send("session_end " + id_); // SAME: endmarker
}

void runImportSession(const std::string &id, const std::vector<std::string> &files) {
  EventSink sink("import");
  SessionEndMarker marker(sink, id);
  SinkCloser closer(sink);
  sink.send("session_start " + id);
  for (const std::string &f : files)
    sink.send("file " + f);
} // BUG: use-after-close #endmarker

void runExportSession(const std::string &id, const std::vector<std::string> &tables) {
  EventSink sink("export");
  SinkCloser closer(sink);
  SessionEndMarker marker(sink, id);
  sink.send("session_start " + id);
  for (const std::string &t : tables)
    sink.send("table " + t);
} // OK: the marker is destroyed (and sends) before the closer closes the sink

void runDryRun(const std::string &id) {
  EventSink sink("dry-run");
  SinkCloser closer(sink);
  sink.send("dry_run " + id);
  // Ship the dry-run report right away so the operator sees it first.
  sink.close();
  std::printf("dry run %s done\n", id.c_str());
} // OK: close() is idempotent, the closer's second call returns immediately

// Sends "progress 100%" for a job when it is destroyed.
class ProgressReporter {
public:
  ProgressReporter(EventSink &sink, std::string job) : sink_(sink), job_(std::move(job)) {}
  ~ProgressReporter() {
    sink_.send("progress " + job_ + " 100%"); // SAME: jobprogress
  }

private:
  EventSink &sink_;
  std::string job_;
};

// A cron-triggered import; owns its sink, closes it on destruction.
class ScheduledImport {
public:
  explicit ScheduledImport(const std::string &job)
      : sink_("cron"), progress_(sink_, job), closer_(sink_) {}
  void run(const std::vector<std::string> &files) {
    for (const std::string &f : files)
      sink_.send("file " + f);
  }

private:
  EventSink sink_;
  ProgressReporter progress_;
  SinkCloser closer_;
};

void runCronImport(const std::string &job, const std::vector<std::string> &files) {
  auto import = std::make_unique<ScheduledImport>(job);
  import->run(files);
  import.reset(); // BUG: use-after-close #jobprogress
  std::printf("cron import %s finished\n", job.c_str());
}
