// Document indexer of a search service: a reader thread pushes parsed
// documents into a BoundedQueue<Doc>, an indexer thread pops them.
// BoundedQueue<T>::push() blocks while full and throws std::runtime_error
// ("queue closed") once close() has run; pop() blocks while empty and returns
// std::nullopt once the queue is closed and drained; close() is idempotent
// and wakes every waiter.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(size_t capacity) : capacity_(capacity) {}
  void push(T value);
  std::optional<T> pop();
  void close();

private:
  std::mutex mu_;
  std::condition_variable notFull_, notEmpty_;
  std::deque<T> items_;
  size_t capacity_;
  bool closed_ = false;
};

template <typename T> void BoundedQueue<T>::push(T value) {
  std::unique_lock<std::mutex> lock(mu_);
  notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
  if (closed_)
    throw std::runtime_error("queue closed");
  items_.push_back(std::move(value));
  notEmpty_.notify_one();
}

template <typename T> std::optional<T> BoundedQueue<T>::pop() {
  std::unique_lock<std::mutex> lock(mu_);
  notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
  if (items_.empty())
    return std::nullopt;
  T value = std::move(items_.front());
  items_.pop_front();
  notFull_.notify_one();
  return value;
}

template <typename T> void BoundedQueue<T>::close() {
  std::lock_guard<std::mutex> lock(mu_);
  closed_ = true;
  notFull_.notify_all();
  notEmpty_.notify_all();
}

struct Doc {
  std::string path;
  std::string body;
};

class Indexer {
public:
  explicit Indexer(std::vector<std::string> paths) : paths_(std::move(paths)), queue_(64) {}
  ~Indexer();
  void start();
  void finish();
  void abort();
  void reindex(const std::string &path);

private:
  static Doc parse(const std::string &path) { return Doc{path, "<parsed " + path + ">"}; }
  std::vector<std::string> paths_;
  BoundedQueue<Doc> queue_;
  std::thread reader_, writer_;
  size_t indexed_ = 0;
};

void Indexer::start() {
  reader_ = std::thread([this] {
    for (const std::string &p : paths_)
      queue_.push(parse(p)); // BUG: use-after-close #abortrace
  });
  writer_ = std::thread([this] {
    while (auto doc = queue_.pop()) // OK: pop() returns nullopt once closed and drained
      ++indexed_;
  });
}

// Normal end of a run: let the reader push everything, then close.
void Indexer::finish() {
  if (reader_.joinable())
    reader_.join();
  queue_.close();
  if (writer_.joinable())
    writer_.join();
}

// SIGTERM handler path: stop as fast as possible.
void Indexer::abort() {
  queue_.close(); // SAME: abortrace
  if (reader_.joinable())
    reader_.join();
  if (writer_.joinable())
    writer_.join();
}

// The file watcher re-submits a document that changed on disk.
void Indexer::reindex(const std::string &path) {
  queue_.push(parse(path)); // SAME: latepush
}

Indexer::~Indexer() {
  if (reader_.joinable())
    reader_.join();
  queue_.close(); // OK: close() is idempotent
  if (writer_.joinable())
    writer_.join();
}

int main() {
  Indexer idx({"docs/a.md", "docs/b.md"});
  idx.start();
  idx.reindex("docs/a.md");
  idx.finish();
  idx.reindex("docs/b.md"); // BUG: use-after-close #latepush
  return 0;
}
