// Upholstery workshop: a cutting room takes sofa and chair orders, queues the
// fabric cuts, turns cut pieces into stitching work, keeps a queue of notes for
// the workshop board, and at the end of the shift drains the cut queue and
// turns offcut remnants into patch work before closing the queues.
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T>
class WorkQueue {
public:
  WorkQueue(std::string name, size_t capacity)
      : name_(std::move(name)), capacity_(capacity) {}

  void push(T item);
  std::optional<T> tryPop();
  void close();
  bool closed() const;
  size_t size() const;

private:
  mutable std::mutex mutex_;
  std::string name_;
  size_t capacity_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <typename T>
void WorkQueue<T>::push(T item) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    throw std::logic_error(name_ + ": push after close");
  if (items_.size() >= capacity_)
    throw std::length_error(name_ + ": queue full");
  items_.push_back(std::move(item));
}

template <typename T>
std::optional<T> WorkQueue<T>::tryPop() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (items_.empty())
    return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  return item;
}

template <typename T>
void WorkQueue<T>::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    throw std::logic_error(name_ + ": closed twice");
  closed_ = true;
}

template <typename T>
bool WorkQueue<T>::closed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

template <typename T>
size_t WorkQueue<T>::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return items_.size();
}

struct CutOrder {
  std::string orderId;
  std::string fabric;
  int pieces;
};

struct StitchOrder {
  std::string orderId;
  int seams;
};

struct Remnant {
  std::string fabric;
  int widthCm;
  int lengthCm;
};

class CuttingRoom {
public:
  bool accept(const std::string &orderId, const std::string &fabric, int pieces);
  void endShift();
  void addRemnant(Remnant r) { remnants_.push_back(std::move(r)); }

private:
  void runCutter();

  WorkQueue<CutOrder> cuts_{"cuts", 64};
  WorkQueue<StitchOrder> stitches_{"stitches", 256};
  WorkQueue<std::string> board_{"board", 512};
  std::vector<Remnant> remnants_;
};

bool CuttingRoom::accept(const std::string &orderId, const std::string &fabric,
                         int pieces) {
  if (cuts_.closed()) {
    board_.push("late order " + orderId + " held for tomorrow"); // OK
    return false;
  }
  cuts_.push(CutOrder{orderId, fabric, pieces}); // OK
  board_.push("accepted " + orderId);
  return true;
}

void CuttingRoom::runCutter() {
  while (std::optional<CutOrder> c = cuts_.tryPop())
    stitches_.push(StitchOrder{c->orderId, c->pieces * 2}); // OK
}

void CuttingRoom::endShift() {
  if (cuts_.closed())
    return;
  cuts_.close();
  runCutter();
  stitches_.close();
  for (const Remnant &r : remnants_)
    stitches_.push(StitchOrder{"patch-" + r.fabric, 4}); // BUG: use-after-close
  remnants_.clear();
  board_.push("shift closed, " + std::to_string(stitches_.size()) + " stitch jobs"); // OK
}
