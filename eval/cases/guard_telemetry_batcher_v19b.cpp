// Telemetry batcher for a host agent: buffers metric lines and pushes them to
// the collector over a CollectorLink. flush() and drain() guard on the link's
// state before sending. shutdown() writes a "dropped" summary line after it has
// already closed the link, and the agent's disk-full path closes the link a
// second time after emergencyStop() already closed it. flushIfIdle() has its
// guard written with && instead of ||, so it sends on a closed link when idle.
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace telemetry {

// CollectorLink: line-oriented link to the metrics collector.
// send() throws std::logic_error once the link is closed; close() on an
// already-closed link also throws std::logic_error.
class CollectorLink {
public:
  enum class State { Open, Closed };

  explicit CollectorLink(std::string host);
  void send(const std::string &line);
  void close();
  bool isClosed() const { return state_ == State::Closed; }
  State state() const { return state_; }

private:
  std::string host_;
  State state_ = State::Open;
  std::size_t bytes_ = 0;
};

CollectorLink::CollectorLink(std::string host) : host_(std::move(host)) {}

void CollectorLink::send(const std::string &line) {
  if (state_ == State::Closed)
    throw std::logic_error("collector link to " + host_ + " is closed");
  bytes_ += line.size() + 1;
}

void CollectorLink::close() {
  if (state_ == State::Closed)
    throw std::logic_error("collector link to " + host_ + " closed twice");
  state_ = State::Closed;
}

class MetricBatcher {
public:
  explicit MetricBatcher(CollectorLink &link) : link_(link) {}
  void add(std::string line) { pending_.push_back(std::move(line)); }
  void flush(bool busy);
  void flushIfIdle(bool busy);
  void drain();
  void shutdown();
  void emergencyStop(const std::string &why);

private:
  CollectorLink &link_;
  std::vector<std::string> pending_;
};

void MetricBatcher::flush(bool busy) {
  if (link_.isClosed() || busy)
    return;
  for (const std::string &line : pending_)
    link_.send(line); // OK: returned above when the link is closed
  pending_.clear();
}

// Called from the agent's idle timer.
void MetricBatcher::flushIfIdle(bool busy) {
  if (link_.isClosed() && busy)
    return;
  for (const std::string &line : pending_)
    link_.send(line); // BUG: use-after-close
  pending_.clear();
}

void MetricBatcher::drain() {
  while (!link_.isClosed() && !pending_.empty()) {
    link_.send(pending_.back()); // OK: the loop condition re-checks the link
    pending_.pop_back();
  }
}

void MetricBatcher::shutdown() {
  if (link_.state() == CollectorLink::State::Closed)
    return;
  link_.send("# batcher shutdown");
  const std::size_t dropped = pending_.size();
  pending_.clear();
  link_.close();
  link_.send("# dropped=" + std::to_string(dropped)); // BUG: use-after-close
}

void MetricBatcher::emergencyStop(const std::string &why) {
  std::cerr << "telemetry: emergency stop: " << why << '\n';
  pending_.clear();
  if (link_.state() != CollectorLink::State::Closed)
    link_.close(); // OK: only while the link is still open
}

} // namespace telemetry

// Called by the agent's supervisor when the collector endpoint changes.
void retireLink(telemetry::CollectorLink &link) {
  if (!link.isClosed())
    link.close();
}

int runAgent(bool diskFull, bool busy) {
  telemetry::CollectorLink link("metrics.internal:2003");
  telemetry::MetricBatcher batcher(link);
  batcher.add("cpu.load 0.42");
  batcher.add("mem.rss 181234");
  batcher.flush(busy);
  if (diskFull) {
    batcher.emergencyStop("disk full");
    link.close(); // BUG: double-close
    return 1;
  }
  batcher.drain();
  try {
    batcher.shutdown();
  } catch (const std::exception &e) {
    std::cerr << "telemetry: shutdown: " << e.what() << '\n';
  }
  retireLink(link);
  batcher.add("agent.exit 1");
  batcher.flushIfIdle(busy);
  return 0;
}
