// Pharmacy dispensing robot link. The DispenseController drives the
// dispensing robot over a net::Connection held in a shared_ptr; when the robot
// stops acknowledging, reconnect() closes the connection and installs a fresh
// one. Label print jobs are queued with the connection that was current when
// the prescription was dispensed. An audit connection held by value is
// rotated with a move-assignment every shift.
// Defect: a label job queued before a reconnect still holds the old, closed
// connection and sends on it (net::Connection::send throws once closed).
#include "netconn.h"
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Prescription {
  std::string rxId;
  std::string ndc;
  int quantity = 0;
};

class LabelJob {
public:
  LabelJob(std::shared_ptr<net::Connection> link, Prescription rx)
      : link_(std::move(link)), rx_(std::move(rx)) {}

  void run() {
    link_->send("LABEL " + rx_.rxId + " NDC " + rx_.ndc + " QTY " + // SAME: stale_label
                std::to_string(rx_.quantity));
  }

private:
  std::shared_ptr<net::Connection> link_;
  Prescription rx_;
};

class DispenseController {
public:
  DispenseController(std::string robotEndpoint, std::string auditEndpoint)
      : robotEndpoint_(std::move(robotEndpoint)),
        auditEndpoint_(std::move(auditEndpoint)),
        link_(std::make_shared<net::Connection>(robotEndpoint_)),
        audit_(auditEndpoint_) {}

  void dispense(const Prescription &rx) {
    link_->send("DISPENSE " + rx.rxId + " " + std::to_string(rx.quantity));
    inFlight_.push_back(rx);
    labels_.emplace_back(link_, rx);
    audit_.send("RX " + rx.rxId);
    ++unacked_;
  }

  void onAck(const std::string &rxId) {
    unacked_ = 0;
    for (auto it = inFlight_.begin(); it != inFlight_.end(); ++it) {
      if (it->rxId == rxId) {
        inFlight_.erase(it);
        break;
      }
    }
  }

  void tick() {
    if (unacked_ > kMaxUnacked)
      reconnect();
    while (!labels_.empty()) {
      labels_.front().run(); // BUG: use-after-close #stale_label
      labels_.pop_front();
    }
  }

  void rotateAuditShift(const std::string &shiftId) {
    audit_.send("SHIFT-END");
    audit_.flush();
    audit_.close();
    audit_ = net::Connection(auditEndpoint_);
    audit_.send("SHIFT-BEGIN " + shiftId); // OK: move-assigned a new open connection
  }

  void shutdown() {
    link_->flush();
    link_->close();
    audit_.close();
  }

private:
  static constexpr int kMaxUnacked = 3;

  void reconnect() {
    link_->close();
    link_ = std::make_shared<net::Connection>(robotEndpoint_);
    link_->send("HELLO dispense-controller"); // OK: link_ now owns the new connection
    for (const Prescription &rx : inFlight_)
      link_->send("REDISPENSE " + rx.rxId); // OK: same new connection
    unacked_ = 0;
  }

  std::string robotEndpoint_;
  std::string auditEndpoint_;
  std::shared_ptr<net::Connection> link_;
  net::Connection audit_;
  std::vector<Prescription> inFlight_;
  std::deque<LabelJob> labels_;
  int unacked_ = 0;
};

void runPharmacyShift(const std::vector<Prescription> &queue) {
  DispenseController ctl("robot-1.pharmacy.local:7001", "audit.pharmacy.local:7400");
  for (const Prescription &rx : queue) {
    ctl.dispense(rx);
    ctl.tick();
  }
  ctl.rotateAuditShift("night");
  ctl.shutdown();
}
