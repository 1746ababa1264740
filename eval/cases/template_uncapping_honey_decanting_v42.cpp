// Honey house line: the uncapping station spins frames and hands extracted
// batches to the decanting (jarring) line through a bounded hand-off queue.
// BoundedHandoff<T>::push() throws once the hand-off is closed, close() throws
// when called twice, and pop() keeps returning what is left after close()
// until the queue is drained. Batches above 18.6% moisture would ferment in
// the jar, so the uncapper stops the line when it sees one.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

template <typename T> class BoundedHandoff {
public:
  explicit BoundedHandoff(std::size_t capacity) : capacity_(capacity) {}

  void push(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::logic_error("hand-off closed, cannot push");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [&] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::logic_error("hand-off already closed");
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

private:
  mutable std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_ = false;
};

struct ExtractedBatch {
  int superId;
  double kilos;
  double moisturePct;
  std::string floralSource;
};

struct JarLot {
  int superId;
  int jars;
};

constexpr double kMaxMoisture = 18.6;

template <typename T>
void drainInto(BoundedHandoff<T> &handoff, std::vector<T> &leftovers) {
  handoff.close();
  while (std::optional<T> item = handoff.pop()) // OK: pop() drains after close()
    leftovers.push_back(std::move(*item));
}

template <typename T>
void pushAll(BoundedHandoff<T> &handoff, const std::vector<T> &items) {
  for (const T &item : items)
    handoff.push(item); // SAME: settling-tank
}

void uncappingShift(BoundedHandoff<ExtractedBatch> &toDecanting,
                    const std::vector<ExtractedBatch> &batches) {
  for (const ExtractedBatch &b : batches) {
    if (b.moisturePct > kMaxMoisture) {
      toDecanting.close();
      break;
    }
    toDecanting.push(b); // OK: close() is followed by break
  }
  toDecanting.close(); // BUG: double-close
}

std::vector<JarLot> runHoneyHouse(const std::vector<ExtractedBatch> &batches) {
  BoundedHandoff<ExtractedBatch> handoff(8);
  std::vector<JarLot> lots;
  std::thread decanter([&] {
    while (std::optional<ExtractedBatch> b = handoff.pop())
      lots.push_back({b->superId, static_cast<int>(b->kilos / 0.454)});
  });
  try {
    uncappingShift(handoff, batches);
  } catch (...) {
    if (!handoff.closed())
      handoff.close(); // OK: only when the shift did not close it
    decanter.join();
    throw;
  }
  decanter.join();
  return lots;
}

std::vector<ExtractedBatch> abandonShift(BoundedHandoff<ExtractedBatch> &handoff) {
  std::vector<ExtractedBatch> unjarred;
  drainInto(handoff, unjarred);
  return unjarred;
}

void endOfDay(BoundedHandoff<ExtractedBatch> &handoff,
              const std::vector<ExtractedBatch> &settlingTank,
              std::vector<ExtractedBatch> &forTomorrow) {
  forTomorrow = abandonShift(handoff);
  pushAll(handoff, settlingTank); // BUG: use-after-close #settling-tank
}
