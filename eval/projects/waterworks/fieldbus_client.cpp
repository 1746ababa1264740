// FieldbusClient: serialises register transactions over one FieldbusLink and
// redials when a transaction fails. A failed link is closed and replaced by
// reconnect_locked(); disconnect() ends the client and a second disconnect()
// throws.
#include "fieldbus_client.h"

#include <stdexcept>
#include <utility>

namespace ww {

namespace {
constexpr int kConnectTimeoutMs = 2000;
}

FieldbusClient::FieldbusClient(std::string host, std::uint16_t port, int max_attempts)
    : host_(std::move(host)),
      port_(port),
      max_attempts_(max_attempts < 1 ? 1 : max_attempts),
      link_(std::make_unique<FieldbusLink>(host_, port_)) {}

FieldbusClient::~FieldbusClient() = default;

Status FieldbusClient::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  check_open_locked();
  if (link_->isOpen()) return Status::Ok();
  return reconnect_locked();
}

Status FieldbusClient::write_register(std::uint8_t unit, std::uint16_t addr, std::uint16_t value) {
  std::lock_guard<std::mutex> lk(mu_);
  check_open_locked();
  Result<Frame> reply = transact(FrameCodec::write_single_register(next_tid_++, unit, addr, value));
  return reply.ok() ? Status::Ok() : reply.status();
}

Result<std::vector<std::uint16_t>> FieldbusClient::read_registers(std::uint8_t unit,
                                                                  std::uint16_t addr,
                                                                  std::uint16_t count) {
  std::lock_guard<std::mutex> lk(mu_);
  check_open_locked();
  Result<Frame> reply = transact(FrameCodec::read_holding_registers(next_tid_++, unit, addr, count));
  if (!reply.ok()) return reply.status();
  return FrameCodec::parse_registers(reply.value());
}

Result<Frame> FieldbusClient::transact(const Frame& request) {
  Status last = Status::Error(StatusCode::kUnavailable, "fieldbus: no attempt made");
  for (int attempt = 0; attempt < max_attempts_; ++attempt) {
    Status st = link_->send_frame(request); // BUG: use-after-close
    if (st.ok()) {
      Result<Frame> reply = link_->receive_frame(); // OK: the send just succeeded on this link
      if (reply.ok() && reply.value().transaction_id == request.transaction_id) return reply;
      st = reply.ok() ? Status::Error(StatusCode::kInvalid, "transaction id mismatch") : reply.status();
    }
    last = st;
    link_->close(); // OK: a closed link makes send_frame() above throw, so this never closes it twice
    Status rc = reconnect_locked();
    if (!rc.ok()) {
      last = rc;
      continue;
    }
  }
  return last;
}

Status FieldbusClient::reconnect_locked() {
  if (link_ && link_->isOpen()) link_->close(); // OK: only a connected link is closed here
  auto fresh = std::make_unique<FieldbusLink>(host_, port_);
  Status st = fresh->connect(kConnectTimeoutMs);
  if (!st.ok()) return st;
  link_ = std::move(fresh);
  ++reconnects_;
  return Status::Ok();
}

void FieldbusClient::check_open_locked() const {
  if (closed_) throw std::runtime_error("fieldbus client closed");
}

void FieldbusClient::disconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_) throw std::logic_error("fieldbus client disconnected twice");
  closed_ = true;
  if (link_->isOpen()) link_->close(); // OK: guarded by isOpen(); a link dropped by transact() is skipped
}

Status FieldbusClient::reopen() {
  std::lock_guard<std::mutex> lk(mu_);
  closed_ = false;
  return reconnect_locked();
}

bool FieldbusClient::connected() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !closed_ && link_->isOpen();
}

bool FieldbusClient::is_closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

std::uint64_t FieldbusClient::reconnects() const {
  std::lock_guard<std::mutex> lk(mu_);
  return reconnects_;
}

}  // namespace ww
