// A Stage<Sink> template forwards records to a sink member and closes it in
// stop(). A Stage over a BatchSink<int> that is stopped and then fed is a use
// after close through the member (bug, reported inside feed()); feeding
// before stop and stopping two separate stages are correct.
#include <stdexcept>
#include <string>
#include <vector>

template <class T> class BatchSink {
public:
  void write(const T &value) {
    if (closed_)
      throw std::runtime_error("sink closed");
    batch_.push_back(value);
  }
  void close() { closed_ = true; }

private:
  std::vector<T> batch_;
  bool closed_ = false;
};

template <class Sink> class Stage {
public:
  template <class V> void feed(const V &value) {
    sink_.write(value); // SAME: feed
  }
  void stop() { sink_.close(); }

private:
  Sink sink_;
};

void runCounters() {
  Stage<BatchSink<int>> counters;
  counters.feed(1); // OK
  counters.stop();
  counters.feed(2); // BUG: use-after-close #feed
}

void runTwoStages() {
  Stage<BatchSink<std::string>> names;
  Stage<BatchSink<std::string>> tags;
  names.stop();
  tags.feed(std::string("hot")); // OK
}
