// Hat shop (fezzes, turbans, bowlers) that posts orders to the workshop's order
// uplink. The shop owns the uplink; a heartbeat thread keeps it alive while the
// shop is open; receipts can be reprinted through the uplink.
// Two mistakes: close_shop() disconnects the uplink before telling the heartbeat
// thread to stop and joining it, so a heartbeat can be posted on the
// disconnected link; end_of_day() reprints receipts after close_shop().
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct Status {
  bool ok_ = true;
  std::string msg;
  static Status good() { return {}; }
  static Status error(std::string m) { return {false, std::move(m)}; }
  bool ok() const { return ok_; }
};

class Uplink {
public:
  explicit Uplink(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  Status post(const std::string &body) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!connected_)
      return Status::error("uplink disconnected: " + endpoint_);
    outbox_.push_back(body);
    return Status::good();
  }
  void disconnect() {
    std::lock_guard<std::mutex> lk(mu_);
    connected_ = false;
  }
  bool connected() const {
    std::lock_guard<std::mutex> lk(mu_);
    return connected_;
  }

private:
  mutable std::mutex mu_;
  std::string endpoint_;
  bool connected_ = true;
  std::vector<std::string> outbox_;
};

struct HatOrder {
  std::string id;
  std::string style; // "fez", "turban", "bowler"
  int head_cm = 0;
  std::string serialize() const { return id + ";" + style + ";" + std::to_string(head_cm); }
};

class HatShop {
public:
  explicit HatShop(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  ~HatShop() {
    if (open_)
      close_shop();
  }
  void open_shop();
  Status order(const HatOrder &o);
  void close_shop();
  Status reprint_receipts();

private:
  void heartbeat_loop();
  std::string endpoint_;
  std::unique_ptr<Uplink> link_;
  std::thread beat_;
  std::atomic<bool> open_{false};
  std::vector<HatOrder> today_;
};

void HatShop::open_shop() {
  if (open_)
    return;
  link_ = std::make_unique<Uplink>(endpoint_);
  open_ = true;
  beat_ = std::thread(&HatShop::heartbeat_loop, this);
}

void HatShop::heartbeat_loop() {
  while (open_) {
    link_->post("HEARTBEAT"); // BUG: use-after-close #beat
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

Status HatShop::order(const HatOrder &o) {
  if (!open_)
    return Status::error("shop closed");
  today_.push_back(o);
  return link_->post(o.serialize()); // OK: open_ checked; only this thread closes the shop
}

void HatShop::close_shop() {
  link_->disconnect(); // SAME: beat
  open_ = false;
  if (beat_.joinable())
    beat_.join();
}

Status HatShop::reprint_receipts() {
  Status s = link_->post("RECEIPTS " + std::to_string(today_.size())); // SAME: receipts
  if (!s.ok())
    return s;
  for (const auto &o : today_) {
    s = link_->post("RECEIPT " + o.id);
    if (!s.ok())
      return s;
  }
  return Status::good();
}

Status end_of_day(HatShop &shop) {
  shop.close_shop();
  return shop.reprint_receipts(); // BUG: use-after-close #receipts
}

Status reprint_next_morning(HatShop &shop) {
  shop.open_shop();
  return shop.reprint_receipts(); // OK: open_shop() made a fresh uplink
}

Status trade(HatShop &shop, const std::vector<HatOrder> &orders) {
  shop.open_shop();
  for (const auto &o : orders) {
    Status s = shop.order(o);
    if (!s.ok())
      return s;
  }
  Status s = shop.reprint_receipts(); // OK: shop still open
  shop.close_shop();
  shop.order(HatOrder{"late", "fez", 57}); // OK: order() refuses once closed
  return s;
}
