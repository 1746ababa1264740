// Ingest pipeline for the feature store: raw lines are parsed into records
// and a sink thread stores them. Stages are connected by BoundedQueue<T>:
// push() blocks while the queue is full and throws std::runtime_error("queue
// closed") once close() has been called; pop() keeps returning queued items
// after close() and returns std::nullopt once the queue is closed and empty;
// close() is idempotent. Used with T = std::string, T = ParsedRecord and
// T = std::uint32_t.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstddef>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}
  void push(T item);
  std::optional<T> pop();
  void close();

private:
  std::mutex mu_;
  std::condition_variable notFull_, notEmpty_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_ = false;
};

template <typename T> void BoundedQueue<T>::push(T item) {
  std::unique_lock<std::mutex> lock(mu_);
  notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
  if (closed_)
    throw std::runtime_error("queue closed");
  items_.push_back(std::move(item));
  notEmpty_.notify_one();
}

template <typename T> std::optional<T> BoundedQueue<T>::pop() {
  std::unique_lock<std::mutex> lock(mu_);
  notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
  if (items_.empty())
    return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  notFull_.notify_one();
  return item;
}

template <typename T> void BoundedQueue<T>::close() {
  std::lock_guard<std::mutex> lock(mu_);
  closed_ = true;
  notFull_.notify_all();
  notEmpty_.notify_all();
}

struct ParsedRecord {
  std::string key;
  std::string value;
};

// Parses "key=value" lines; a malformed line ends the batch and closes the
// output so the sink stops early.
std::size_t runParseStage(BoundedQueue<std::string> &lines,
                          BoundedQueue<ParsedRecord> &records) {
  std::size_t parsed = 0;
  while (std::optional<std::string> line = lines.pop()) { // OK: pop() drains a closed queue
    std::size_t eq = line->find('=');
    if (eq == std::string::npos) {
      records.close();
      break;
    }
    records.push({line->substr(0, eq), line->substr(eq + 1)});
    ++parsed;
  }
  records.push({"__batch_end__", std::to_string(parsed)}); // BUG: use-after-close
  records.close(); // OK: close() is idempotent
  return parsed;
}

std::size_t ingest(const std::vector<std::string> &input,
                   std::map<std::string, std::string> &out) {
  BoundedQueue<std::string> lines(input.size() + 1);
  for (const std::string &l : input)
    lines.push(l);
  lines.close();

  BoundedQueue<ParsedRecord> records(128);
  std::thread sink([&records, &out] {
    while (std::optional<ParsedRecord> r = records.pop())
      out[r->key] = r->value;
  });
  std::size_t parsed = runParseStage(lines, records);
  sink.join();
  return parsed;
}

// Loads the static defaults; the queue is closed only after the last push.
std::size_t loadDefaults(std::map<std::string, std::string> &out) {
  BoundedQueue<ParsedRecord> defaults(8);
  std::thread sink([&defaults, &out] {
    while (std::optional<ParsedRecord> r = defaults.pop())
      out.emplace(r->key, r->value);
  });
  defaults.push({"ttl_seconds", "3600"});
  defaults.push({"shard_count", "16"});
  defaults.close();
  sink.join();
  return out.size();
}

// Streams block checksums to a verifier thread, which closes the queue as
// soon as it sees a mismatch.
bool verifyChecksums(const std::vector<std::uint32_t> &expected,
                     const std::vector<std::uint32_t> &actual) {
  BoundedQueue<std::uint32_t> sums(16);
  std::atomic<bool> mismatch{false};
  std::thread verifier([&] {
    std::size_t i = 0;
    while (std::optional<std::uint32_t> s = sums.pop()) {
      if (i >= expected.size() || *s != expected[i++]) {
        mismatch = true;
        sums.close(); // SAME: verify
        return;
      }
    }
  });
  for (std::uint32_t s : actual)
    sums.push(s); // BUG: use-after-close #verify
  sums.close();
  verifier.join();
  return !mismatch && actual.size() == expected.size();
}
