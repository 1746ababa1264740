// PharmacyDispenser: sends each dispense order to the robot, acknowledges the ticket and
// audits it. Orders run on worker threads and are serialized by mu_; a failed request
// drops the robot link, which poll() redials from the control thread.
#include "pharmacy_dispenser.h"

#include <cstdio>

namespace tubed {

PharmacyDispenser::PharmacyDispenser(std::shared_ptr<PharmacyLink> link, std::shared_ptr<AuditWriter> audit)
    : link_(std::move(link)), audit_(std::move(audit)) {}

PharmacyDispenser::~PharmacyDispenser() {
  link_->disconnect(); // OK: PharmacyLink::disconnect() is idempotent; the network disconnects it first at shutdown
}

Status PharmacyDispenser::dispense(const DispenseOrder& order) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!link_->connected()) return Status::error(Code::Closed, "pharmacy robot offline");
  Result<int> ticket = link_->request_dispense(order.id, order.ward); // BUG: use-after-close #wd_race
  if (!ticket.ok()) {
    recover_link(ticket.status().to_string());
    ++failures_;
  }
  link_->ack(order.id); // BUG: use-after-close
  if (ticket.ok()) {
    audit_->write("pharmacy: order " + order.id + " (" + order.item + ") for " + order.ward + ", ticket " +
                  std::to_string(ticket.value()));
  }
  return ticket.ok() ? Status::ok() : ticket.status();
}

void PharmacyDispenser::poll() {
  std::lock_guard<std::mutex> lk(mu_);
  if (link_->connected()) return;
  Status s = link_->connect();
  if (!s.is_ok()) std::fprintf(stderr, "tubed: pharmacy robot still offline: %s\n", s.to_string().c_str());
}

int PharmacyDispenser::failures() const {
  std::lock_guard<std::mutex> lk(mu_);
  return failures_;
}

void PharmacyDispenser::recover_link(const std::string& why) {
  std::fprintf(stderr, "tubed: pharmacy link reset: %s\n", why.c_str());
  link_->disconnect();  // poll() dials again on the next tick
}

}  // namespace tubed
