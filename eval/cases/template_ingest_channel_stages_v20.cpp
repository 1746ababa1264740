// Metrics ingest pipeline whose stages are connected by Channel<T>. Channel
// protocol (implemented below): push() throws std::runtime_error once the
// channel is closed; pop() keeps returning queued items after close() and
// returns std::nullopt when the queue is empty; a second close() throws
// std::logic_error. Used with T = std::string, Sample and int. Defects: the
// Aggregator pushes into the rejects channel after the driver closed it,
// and the driver closes the samples channel that Parser::run() already closed.
#include <cstdio>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T>
class Channel {
public:
  explicit Channel(size_t capacity) : capacity_(capacity) {}
  bool push(T value);
  std::optional<T> pop();
  void close();
  bool closed() const { return closed_; }

private:
  std::deque<T> items_;
  size_t capacity_;
  bool closed_ = false;
};

template <typename T> bool Channel<T>::push(T value) {
  if (closed_)
    throw std::runtime_error("push on a closed channel");
  if (items_.size() >= capacity_)
    return false;
  items_.push_back(std::move(value));
  return true;
}

template <typename T> std::optional<T> Channel<T>::pop() {
  if (items_.empty())
    return std::nullopt;
  T v = std::move(items_.front());
  items_.pop_front();
  return v;
}

template <typename T> void Channel<T>::close() {
  if (closed_)
    throw std::logic_error("channel closed twice");
  closed_ = true;
}

struct Sample {
  std::string series;
  double value;
};

class Parser {
public:
  Parser(Channel<std::string> &in, Channel<Sample> &out, Channel<int> &rejects)
      : in_(in), out_(out), rejects_(rejects) {}
  void run();

private:
  Channel<std::string> &in_;
  Channel<Sample> &out_;
  Channel<int> &rejects_;
};

void Parser::run() {
  int lineNo = 0;
  while (auto line = in_.pop()) { // OK: pop() is allowed to drain a closed channel
    ++lineNo;
    auto sp = line->find(' ');
    if (sp == std::string::npos) {
      rejects_.push(lineNo); // OK: rejects is still open while the parser runs
      continue;
    }
    out_.push(Sample{line->substr(0, sp), std::stod(line->substr(sp + 1))});
  }
  out_.close();
}

class Aggregator {
public:
  Aggregator(Channel<Sample> &in, Channel<int> &rejects) : in_(in), rejects_(rejects) {}
  double run();

private:
  Channel<Sample> &in_;
  Channel<int> &rejects_;
};

double Aggregator::run() {
  double total = 0;
  int index = 0;
  while (auto s = in_.pop()) {
    ++index;
    if (s->value < 0) {
      rejects_.push(-index); // SAME: lateReject
      continue;
    }
    total += s->value;
  }
  return total;
}

double ingest(const std::vector<std::string> &lines) {
  Channel<std::string> raw(64);
  Channel<Sample> samples(64);
  Channel<int> rejects(16);
  for (const std::string &l : lines)
    raw.push(l);
  raw.close();
  Parser parser(raw, samples, rejects);
  parser.run();
  rejects.close();
  Aggregator agg(samples, rejects);
  double total = agg.run(); // BUG: use-after-close #lateReject
  if (!rejects.closed())
    rejects.close(); // OK: guarded by closed()
  samples.close(); // BUG: double-close
  return total;
}

int main() {
  const std::vector<std::vector<std::string>> batches{
      {"cpu.user 12.5", "cpu.sys -1", "garbage"},
      {"mem.rss 2048", "mem.cache 512"}};
  for (const auto &batch : batches) {
    try {
      std::printf("total %.1f\n", ingest(batch));
    } catch (const std::exception &e) {
      std::fprintf(stderr, "ingest: %s\n", e.what());
    }
  }
  return 0;
}
