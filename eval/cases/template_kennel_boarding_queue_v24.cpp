// Dog kennel booking service: check-in requests, feeding notes and run
// (pen) numbers flow between the front desk, the kennel staff tablets and the
// pen allocator through small closable queues. Closing a queue stops new
// items; whatever is still queued can be drained afterwards.
#include <cstdio>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class ClosableQueue {
public:
  explicit ClosableQueue(std::string name) : name_(std::move(name)) {}

  void push(T item);
  std::optional<T> pop();
  void close();
  bool closed() const { return closed_; }
  size_t size() const { return items_.size(); }

private:
  std::string name_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <typename T> void ClosableQueue<T>::push(T item) {
  if (closed_)
    throw std::runtime_error("push on closed queue " + name_);
  items_.push_back(std::move(item));
}

template <typename T> std::optional<T> ClosableQueue<T>::pop() {
  if (items_.empty())
    return std::nullopt;
  T item = std::move(items_.front());
  items_.pop_front();
  return item;
}

template <typename T> void ClosableQueue<T>::close() {
  if (closed_)
    throw std::logic_error("queue closed twice: " + name_);
  closed_ = true;
}

struct BoardingRequest {
  std::string dog;
  std::string owner;
  int nights = 1;
  bool needsMedication = false;
};

class KennelDesk {
public:
  KennelDesk()
      : checkIns_("check-ins"), feedingNotes_("feeding-notes"), freePens_("free-pens") {
    for (int pen = 1; pen <= 24; ++pen)
      freePens_.push(pen);
  }

  void checkIn(const BoardingRequest &r);
  void endOfIntake(const std::vector<BoardingRequest> &walkIns);
  std::vector<std::string> allocateAll();
  void closeForNight();
  void nightShift();

private:
  ClosableQueue<BoardingRequest> checkIns_;
  ClosableQueue<std::string> feedingNotes_;
  ClosableQueue<int> freePens_;
};

void KennelDesk::checkIn(const BoardingRequest &r) {
  if (checkIns_.closed() || feedingNotes_.closed())
    return;
  checkIns_.push(r); // OK
  if (r.needsMedication)
    feedingNotes_.push(r.dog + ": medication with evening meal");
}

void KennelDesk::endOfIntake(const std::vector<BoardingRequest> &walkIns) {
  checkIns_.close();
  for (const BoardingRequest &r : walkIns) {
    if (r.nights <= 0)
      continue;
    checkIns_.push(r); // BUG: use-after-close
  }
}

std::vector<std::string> KennelDesk::allocateAll() {
  std::vector<std::string> plan;
  while (std::optional<BoardingRequest> r = checkIns_.pop()) { // OK
    std::optional<int> pen = freePens_.pop();
    if (!pen) {
      plan.push_back(r->dog + ": no pen free");
      continue;
    }
    plan.push_back(r->dog + " -> pen " + std::to_string(*pen));
  }
  if (!freePens_.closed())
    freePens_.close(); // OK
  return plan;
}

void KennelDesk::closeForNight() {
  feedingNotes_.close();
  while (std::optional<std::string> note = feedingNotes_.pop()) // OK
    std::printf("night round: %s\n", note->c_str());
  freePens_.close(); // SAME: night_pens
}

void KennelDesk::nightShift() {
  for (const std::string &line : allocateAll())
    std::printf("%s\n", line.c_str());
  if (!feedingNotes_.closed())
    feedingNotes_.push("all dogs: water bowls refilled at 22:00"); // OK
  closeForNight(); // BUG: double-close #night_pens
}
