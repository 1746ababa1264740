// Journal replay and segment compaction for a small event store.
// EventStream (this service's class) throws std::logic_error from emit() once
// closed; close() is idempotent. Defects:
//  - replayJournal() closes the stream when it meets an end-of-stream entry
//    but keeps looping; concatenated journals have entries after it, so the
//    next iteration emits on the closed stream (replayUntilEnd() breaks).
//  - sealSegments() has the index descriptor's close inside the loop body, so
//    with two or more segments it closes the index fd again each iteration.
//  - pushWithRetry() closes the socket after a failed attempt but retries on
//    the same descriptor instead of dialing a new one (and closes it again
//    when that attempt fails too). pushWithRedial() dials per attempt.
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <string>
#include <vector>

class EventStream {
public:
  explicit EventStream(std::string name) : name_(std::move(name)) {}
  void emit(const std::string &event) {
    if (closed_)
      throw std::logic_error("emit on closed stream " + name_);
    emitted_.push_back(event);
  }
  void close() { closed_ = true; }

private:
  std::string name_;
  std::vector<std::string> emitted_;
  bool closed_ = false;
};

struct Entry {
  enum class Kind { Event, EndOfStream } kind;
  std::string payload;
};

void replayJournal(EventStream &out, const std::vector<Entry> &entries) {
  for (const Entry &e : entries) {
    out.emit(e.payload); // BUG: use-after-close
    if (e.kind == Entry::Kind::EndOfStream)
      out.close();
  }
}

void replayUntilEnd(EventStream &out, const std::vector<Entry> &entries) {
  for (const Entry &e : entries) {
    out.emit(e.payload); // OK: the loop breaks right after the close
    if (e.kind == Entry::Kind::EndOfStream) {
      out.close();
      break;
    }
  }
}

struct Segment {
  int fd;
  long bytes;
};

void sealSegments(std::vector<Segment> &segments, int indexFd) {
  for (Segment &s : segments) {
    ::fsync(s.fd);
    ::close(s.fd); // OK: each segment's own descriptor
    ::close(indexFd); // BUG: double-close
  }
}

int dialCollector() { return ::socket(AF_INET, SOCK_STREAM, 0); }

bool pushWithRetry(const std::string &payload) {
  int fd = dialCollector();
  if (fd < 0)
    return false;
  for (int attempt = 0; attempt < 3; ++attempt) {
    ssize_t n = ::send(fd, payload.data(), payload.size(), MSG_NOSIGNAL); // BUG: use-after-close
    if (n == static_cast<ssize_t>(payload.size())) {
      ::close(fd);
      return true;
    }
    ::close(fd); // BUG: double-close
  }
  return false;
}

bool pushWithRedial(const std::string &payload) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int fd = dialCollector();
    if (fd < 0)
      continue;
    ssize_t n = ::send(fd, payload.data(), payload.size(), MSG_NOSIGNAL); // OK: a new descriptor each attempt
    ::close(fd); // OK: closes this attempt's descriptor
    if (n == static_cast<ssize_t>(payload.size()))
      return true;
  }
  return false;
}

int main() {
  std::vector<Entry> journal = {{Entry::Kind::Event, "order-created"},
                                {Entry::Kind::EndOfStream, "eos"},
                                {Entry::Kind::Event, "order-paid"}};
  EventStream safe("replica-a");
  replayUntilEnd(safe, journal);
  std::vector<Segment> segments = {{::dup(1), 10}, {::dup(1), 20}};
  sealSegments(segments, ::dup(2));
  pushWithRedial("compaction done");
  pushWithRetry("compaction done");
  EventStream live("replica-b");
  replayJournal(live, journal);
  return 0;
}
