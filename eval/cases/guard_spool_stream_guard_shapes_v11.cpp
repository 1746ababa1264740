// A log spooler whose stream may be closed on some paths (budget exhausted,
// peer gone, shutdown requested). Every later use is behind a guard, written
// in a different shape each time: negated closed(), explicit operator bool, a
// switch on the state enum, an early return, a correlated local flag, a
// ternary, a loop condition, a helper predicate, and the header's EventChannel
// and KafkaProducer with their own isOpen()/isClosed(). Each guarded call runs
// only on an open handle, so nothing here is a use-after-close or double-close.
#include "messaging.h"
#include <deque>
#include <stdexcept>
#include <string>

enum class StreamState { Open, Draining, Closed };

class SpoolStream {
public:
  void write(const std::string &line) {
    if (state_ == StreamState::Closed)
      throw std::runtime_error("write on closed spool stream");
    bytes_ += line.size();
  }
  void close() { state_ = StreamState::Closed; }
  void beginDrain() { if (state_ == StreamState::Open) state_ = StreamState::Draining; }
  bool closed() const { return state_ == StreamState::Closed; }
  bool isOpen() const { return state_ != StreamState::Closed; }
  explicit operator bool() const { return isOpen(); }
  StreamState state() const { return state_; }
  bool full() const { return bytes_ >= kLimit; }

private:
  static constexpr std::size_t kLimit = 1 << 20;
  StreamState state_ = StreamState::Open;
  std::size_t bytes_ = 0;
};

static bool writable(const SpoolStream &s) { return s.isOpen() && !s.full(); }

void spillToDisk(const std::string &line);

void appendWithBudget(SpoolStream &s, const std::string &line, int &budget) {
  if (--budget < 0)
    s.close();
  if (!s.closed())
    s.write(line); // OK: negated closed() guard
  if (s)
    s.write("\n"); // OK: explicit operator bool is false once closed
}

void writeByState(SpoolStream &s, const std::string &line) {
  switch (s.state()) {
  case StreamState::Open:
  case StreamState::Draining:
    s.write(line); // OK: only the non-closed states reach this case
    break;
  case StreamState::Closed:
    spillToDisk(line);
    break;
  }
}

bool writeTrailer(SpoolStream &s, bool peerGone) {
  if (peerGone)
    s.close();
  if (s.state() != StreamState::Open)
    return false;
  s.write("# trailer"); // OK: early return when not Open
  return true;
}

void flushBacklog(SpoolStream &s, std::deque<std::string> &backlog, bool shutdownRequested) {
  bool closedHere = false;
  if (shutdownRequested) {
    s.close();
    closedHere = true;
  }
  if (!closedHere)
    s.write("# backlog " + std::to_string(backlog.size())); // OK: the flag is set exactly when close() ran
  while (s.isOpen() && !backlog.empty()) {
    const std::string &line = backlog.front();
    line.empty() ? s.close() : s.write(line); // OK: the ternary picks write() only while the loop condition held
    backlog.pop_front();
  }
  if (writable(s))
    s.write("# end"); // OK: helper predicate checks isOpen()
  if (s.isOpen())
    s.close(); // OK: guarded, a second close cannot happen here
}

void publishBoth(EventChannel &events, kafka::KafkaProducer &producer, bool stopEvents,
                 const std::string &payload) {
  if (stopEvents)
    events.close();
  if (events.isOpen())
    events.send(payload); // OK: isOpen() guard on the header's channel
  if (!producer.isClosed())
    producer.send(kafka::ProducerRecord{"spool", payload}); // OK: isClosed() guard on the producer
}
