// Container-terminal quay scheduler: crane lift orders and lashing orders go
// through a bounded Mailbox<Job, Cap> template with a state enum (Open, Draining,
// Closed); post() throws unless the box is Open, take() also works while
// Draining. vesselDeparted() drains and closes the lift mailbox and then hands
// the late orders to dispatchAll(), which posts them to the closed box.
#include <cstddef>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

template <typename Job, std::size_t Cap> class Mailbox {
public:
  enum class State { Open, Draining, Closed };
  bool post(const Job &job);
  std::optional<Job> take();
  void beginDrain();
  void close();
  State state() const { return state_; }

private:
  std::deque<Job> jobs_;
  State state_ = State::Open;
};

template <typename Job, std::size_t Cap>
bool Mailbox<Job, Cap>::post(const Job &job) {
  if (state_ != State::Open)
    throw std::runtime_error("mailbox is not accepting orders");
  if (jobs_.size() == Cap)
    return false;
  jobs_.push_back(job);
  return true;
}

template <typename Job, std::size_t Cap>
std::optional<Job> Mailbox<Job, Cap>::take() {
  if (state_ == State::Closed)
    throw std::runtime_error("mailbox closed");
  if (jobs_.empty())
    return std::nullopt;
  Job j = jobs_.front();
  jobs_.pop_front();
  return j;
}

template <typename Job, std::size_t Cap> void Mailbox<Job, Cap>::beginDrain() {
  if (state_ == State::Open)
    state_ = State::Draining;
}

template <typename Job, std::size_t Cap> void Mailbox<Job, Cap>::close() {
  if (state_ == State::Closed)
    throw std::logic_error("mailbox closed twice");
  state_ = State::Closed;
  jobs_.clear();
}

template <typename Job, std::size_t Cap>
void dispatchAll(Mailbox<Job, Cap> &box, const std::vector<Job> &jobs) {
  for (const Job &j : jobs)
    if (!box.post(j)) // SAME: quay
      break;
}

struct LiftOrder {
  std::string container;
  int bay;
};

struct LashingOrder {
  int bay;
  bool release;
};

class QuayScheduler {
public:
  void vesselArrived(const std::vector<LiftOrder> &plan);
  void vesselDeparted(const std::vector<LiftOrder> &late);
  void shiftEnd();

private:
  void execute(const LiftOrder &order) { lastBay_ = order.bay; }
  Mailbox<LiftOrder, 64> lifts_;
  Mailbox<LashingOrder, 16> lashing_;
  int lastBay_ = 0;
};

void QuayScheduler::vesselArrived(const std::vector<LiftOrder> &plan) {
  dispatchAll(lifts_, plan);
  lashing_.post({plan.empty() ? 0 : plan.front().bay, true});
}

void QuayScheduler::vesselDeparted(const std::vector<LiftOrder> &late) {
  lifts_.beginDrain();
  while (std::optional<LiftOrder> order = lifts_.take()) // OK: take() is allowed while draining
    execute(*order);
  lifts_.close();
  dispatchAll(lifts_, late); // BUG: use-after-close #quay
}

void QuayScheduler::shiftEnd() {
  lashing_.beginDrain();
  while (std::optional<LashingOrder> order = lashing_.take())
    lastBay_ = order->bay;
  lashing_.close();
  if (lifts_.state() == Mailbox<LiftOrder, 64>::State::Open)
    lifts_.post({"MSCU0000000", lastBay_}); // OK: different mailbox, checked Open
  if (lashing_.state() != Mailbox<LashingOrder, 16>::State::Closed)
    lashing_.close(); // OK: skipped, the lashing box is already closed
}

int main() {
  QuayScheduler berth4;
  berth4.vesselArrived({{"MAEU1234565", 12}, {"CMAU7654321", 14}});
  berth4.shiftEnd();
  berth4.vesselDeparted({{"HLXU1122334", 16}});
  return 0;
}
