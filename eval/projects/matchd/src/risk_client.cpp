// RiskClient implementation: one request/reply at a time under mu_.
// No defect in this file; reconnect() holds the inner close for the engine
// calling it after checkOrder() has already closed the connection.
#include "matchd/risk_client.h"

#include <stdexcept>

#include "matchd/net_util.h"

namespace matchd {

RiskClient::RiskClient(std::string host, std::uint16_t port) : host_(std::move(host)), port_(port) {}

RiskClient::~RiskClient() {
  disconnect(); // OK: disconnect() is idempotent
}

void RiskClient::connect() {
  std::lock_guard<std::mutex> lk(mu_);
  conn_ = TcpConnection::connectTo(host_, port_);
}

bool RiskClient::connected() const {
  std::lock_guard<std::mutex> lk(mu_);
  return conn_.isOpen();
}

void RiskClient::closeLocked(const std::string &why) {
  logError("risk: closing connection: " + why);
  conn_.close();
}

RiskStatus RiskClient::checkOrder(const Order &o) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!conn_.isOpen()) return RiskStatus::Unavailable;
  try {
    sendLine(conn_, "CHECK " + encodeOrder(o)); // OK: isOpen() checked under mu_
    char buf[16];
    const std::size_t n = conn_.recv(buf, sizeof buf); // still open, nothing closed it in between
    if (n == 0) {
      closeLocked("server closed the connection");
      return RiskStatus::Unavailable;
    }
    return buf[0] == 'A' ? RiskStatus::Accepted : RiskStatus::Rejected;
  } catch (const IoError &e) {
    closeLocked(e.what());
    return RiskStatus::Unavailable;
  }
}

void RiskClient::pushLimits(const std::string &account, std::int64_t maxNotional) {
  std::lock_guard<std::mutex> lk(mu_);
  sendLine(conn_, "LIMIT " + account + " " + std::to_string(maxNotional));
}

void RiskClient::keepalive() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!conn_.isOpen()) return;
  try {
    sendLine(conn_, "PING"); // OK: isOpen() checked under mu_
  } catch (const IoError &e) {
    closeLocked(e.what());
  }
}

void RiskClient::reconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  conn_.close(); // SAME: riskReconnect
  conn_ = TcpConnection::connectTo(host_, port_);
}

void RiskClient::disconnect() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!conn_.isOpen()) return;
  conn_.close(); // OK: isOpen() checked under mu_
}

} // namespace matchd
