// Ship chandlery: a desk per berthed vessel forwards provision orders (water,
// stores, rope, paint) to the warehouse pick feed, records amendments, and
// closes the vessel's feed when the vessel sails, logging any amendments that
// arrived too late to be picked.
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ProvisionFeed {
public:
  explicit ProvisionFeed(std::string vessel) : vessel_(std::move(vessel)) {}

  void push(const std::string &line);
  void stop();
  bool stopped() const;
  size_t lines() const;

private:
  enum class State { Streaming, Stopped };

  mutable std::mutex mutex_;
  std::string vessel_;
  State state_ = State::Streaming;
  std::vector<std::string> sent_;
};

void ProvisionFeed::push(const std::string &line) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ == State::Stopped)
    throw std::runtime_error("provision feed for " + vessel_ + " is stopped");
  sent_.push_back(line);
}

void ProvisionFeed::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ == State::Stopped)
    return;
  state_ = State::Stopped;
}

bool ProvisionFeed::stopped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return state_ == State::Stopped;
}

size_t ProvisionFeed::lines() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return sent_.size();
}

struct VesselOrder {
  std::string id;
  std::string item;
  int quantity;
};

struct Amendment {
  std::string orderId;
  int newQuantity;
};

class VesselDesk {
public:
  explicit VesselDesk(const std::string &vessel) : vessel_(vessel), feed_(vessel) {}
  ~VesselDesk() { feed_.stop(); } // OK

  bool onOrder(const VesselOrder &o);
  void onAmendment(const Amendment &a);
  void onSailed(const std::vector<Amendment> &late);
  const std::vector<std::string> &rejected() const { return rejected_; }

private:
  void recordLate(const Amendment &a);

  std::string vessel_;
  ProvisionFeed feed_;
  std::vector<std::string> rejected_;
  std::vector<Amendment> lateLog_;
};

bool VesselDesk::onOrder(const VesselOrder &o) {
  if (feed_.stopped()) {
    rejected_.push_back(o.id);
    return false;
  }
  feed_.push("PICK " + o.id + " " + o.item + " x" + std::to_string(o.quantity)); // OK
  return true;
}

void VesselDesk::onAmendment(const Amendment &a) {
  if (feed_.stopped()) {
    lateLog_.push_back(a);
    return;
  }
  feed_.push("AMEND " + a.orderId + " x" + std::to_string(a.newQuantity)); // OK
}

void VesselDesk::recordLate(const Amendment &a) {
  lateLog_.push_back(a);
  feed_.push("LATE " + a.orderId); // SAME: late
}

void VesselDesk::onSailed(const std::vector<Amendment> &late) {
  if (feed_.stopped())
    return;
  feed_.push("SAILED " + vessel_); // OK
  feed_.stop();
  for (const Amendment &a : late)
    recordLate(a); // BUG: use-after-close #late
}

void berth_session(VesselDesk &desk, const std::vector<VesselOrder> &orders,
                   const std::vector<Amendment> &amendments,
                   const std::vector<Amendment> &afterCutoff) {
  for (const VesselOrder &o : orders)
    desk.onOrder(o);
  for (const Amendment &a : amendments)
    desk.onAmendment(a);
  desk.onSailed(afterCutoff);
}
