// Generic helpers over any sink with flush()/close(): finishStream<S>()
// flushes and closes its argument, checkpoint<S>() only flushes.
// publishBatch() sends after checkpoint() (fine) and sends the batch trailer
// after finishStream() closed the producer (bug). relay<T>() closes its input
// Pipe<T> with finishStream() and then writes the end marker to the output
// pipe, a different object (fine).
#include "messaging.h"
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

template <typename Sink> void finishStream(Sink &sink) {
  sink.flush();
  sink.close();
}

template <typename Sink> void checkpoint(Sink &sink) { sink.flush(); }

template <typename T> class Pipe {
public:
  void write(const T &value) {
    if (closed_)
      throw std::logic_error("write on a closed pipe");
    buffer_.push_back(value);
  }
  void flush() { flushed_ += buffer_.size(); buffer_.clear(); }
  void close() { closed_ = true; }

private:
  std::vector<T> buffer_;
  std::size_t flushed_ = 0;
  bool closed_ = false;
};

void publishBatch(kafka::KafkaProducer &producer,
                  const std::vector<std::string> &events) {
  for (const std::string &e : events)
    producer.send({"events", e});
  checkpoint(producer);
  producer.send({"events", "checkpoint"}); // OK: checkpoint() only flushes
  finishStream(producer);
  producer.send({"events", "batch-end"}); // BUG: use-after-close
}

template <typename T>
void relay(Pipe<T> &input, Pipe<T> &output, const std::vector<T> &items,
           const T &endMarker) {
  for (const T &item : items)
    output.write(item);
  finishStream(input);
  output.write(endMarker); // OK: only the input pipe was closed
}

void relayAll(Pipe<int> &rawIn, Pipe<int> &rawOut, Pipe<std::string> &logIn,
              Pipe<std::string> &logOut) {
  relay(rawIn, rawOut, std::vector<int>{1, 2, 3}, -1);
  relay(logIn, logOut, std::vector<std::string>{"boot", "ready"},
        std::string("EOF"));
}
