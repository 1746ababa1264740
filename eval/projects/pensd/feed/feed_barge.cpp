// FeedBarge: the constructor starts the feeder thread, which pushes the blower
// set-point over the blower PLC session every two seconds (Farm's constructor
// also hands that session to the PowerController, which drops the blower load
// on a brownout). halt() is the lockdown's way to stop feeding and release
// both PLC sessions; resume_after_brownout() brings feeding back in the morning.
#include "feed_barge.h"

#include <chrono>
#include <cstdio>
#include <utility>

FeedBarge::FeedBarge(std::string name, std::shared_ptr<PlcLink> blower_link, std::shared_ptr<PlcLink> doser_link,
                     std::shared_ptr<BlowerController> blower, std::shared_ptr<RotaryDoser> doser,
                     double kg_per_min)
    : name_(std::move(name)),
      blower_link_(std::move(blower_link)),
      doser_link_(std::move(doser_link)),
      blower_(std::move(blower)),
      doser_(std::move(doser)),
      rate_(kg_per_min),
      feeding_(true),
      failed_writes_(0) {
  feeder_ = std::thread([this] { feeder_loop(); });
}

FeedBarge::~FeedBarge() { stop_feeder(); }

void FeedBarge::feeder_loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (feeding_.load()) {
    const std::uint16_t rpm = blower_->rpm_for(rate_.load());
    lk.unlock();
    Status st = blower_link_->write_register(plc_reg::kBlowerSpeed, rpm);  // BUG: use-after-close #brownout
    lk.lock();
    if (!st.ok()) failed_writes_.fetch_add(1);
    cv_.wait_for(lk, std::chrono::seconds(2), [this] { return !feeding_.load(); });
  }
}

void FeedBarge::stop_feeder() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    feeding_.store(false);
  }
  cv_.notify_all();
  if (feeder_.joinable()) feeder_.join();
}

Status FeedBarge::set_rate(double kg_per_min) {
  rate_.store(kg_per_min);
  return doser_->set_rate(kg_per_min);
}

Status FeedBarge::drain_line() {
  if (doser_link_->state() == PlcLink::State::Closed) {
    return Status::Error(Errc::Closed, name_ + ": doser plc closed, drain the line by hand");
  }
  Status st = doser_link_->write_register(plc_reg::kDrainValve, 1);  // OK: closed session ruled out; only halt() closes it, later on this thread
  if (!st.ok()) return st;
  return doser_->stop_auger();
}

void FeedBarge::halt() {
  stop_feeder();
  blower_link_->close_if_open();  // OK: feeder joined above; a no-op when a brownout already closed it
  doser_link_->close_if_open();
  Status st = blower_->idle();  // BUG: use-after-close #idle
  if (!st.ok()) std::fprintf(stderr, "%s: blower idle failed: %s\n", name_.c_str(), st.to_string().c_str());
}

Status FeedBarge::resume_after_brownout() {
  if (!blower_link_->is_closed()) return Status::Ok();  // the session rode through the dip
  Status st = blower_link_->reconnect();  // BUG: use-after-close
  if (!st.ok()) return st;
  if (!feeder_.joinable()) {
    feeding_.store(true);
    feeder_ = std::thread([this] { feeder_loop(); });
  }
  return Status::Ok();
}

bool FeedBarge::feeding() const { return feeding_.load(); }

std::size_t FeedBarge::failed_writes() const { return failed_writes_.load(); }
