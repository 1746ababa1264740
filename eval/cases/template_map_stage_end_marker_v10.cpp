// A small dataflow library: Channel<T> is a class template whose push() throws
// "channel closed" once close() has run; MapStage<In, Out> reads from one
// channel, transforms and pushes to the next. runToEnd() closes the output
// when the input is exhausted and then, for stages configured to emit an end
// marker, pushes the marker onto the output it has just closed. The pushes in
// the loop and the drain of the output after the stage are correct.
#include <deque>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

template <typename T> class Channel {
public:
  void push(T value) {
    if (closed_)
      throw std::runtime_error("channel closed");
    items_.push_back(std::move(value));
  }

  std::optional<T> tryPop() {
    if (items_.empty())
      return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    return value;
  }

  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::deque<T> items_;
  bool closed_ = false;
};

template <typename In, typename Out> class MapStage {
public:
  MapStage(Channel<In> &in, Channel<Out> &out, std::function<Out(const In &)> fn,
           bool emitEndMarker)
      : in_(in), out_(out), fn_(std::move(fn)), emitEndMarker_(emitEndMarker) {}

  void runToEnd() {
    while (std::optional<In> item = in_.tryPop())
      out_.push(fn_(*item)); // OK: the output is closed only after the loop
    out_.close();
    if (emitEndMarker_)
      out_.push(Out{}); // BUG: use-after-close
  }

private:
  Channel<In> &in_;
  Channel<Out> &out_;
  std::function<Out(const In &)> fn_;
  bool emitEndMarker_;
};

int totalLength(const std::string &text) {
  Channel<std::string> lines;
  Channel<int> lengths;
  lines.push("GET /index.html");
  lines.push("GET /favicon.ico");
  lines.close();
  MapStage<std::string, int> measure(
      lines, lengths, [](const std::string &line) { return static_cast<int>(line.size()); },
      /*emitEndMarker=*/true);
  measure.runToEnd();
  int total = static_cast<int>(text.size());
  while (std::optional<int> n = lengths.tryPop()) // OK: tryPop drains a closed channel
    total += *n;
  return total;
}
