// AisGateway: the constructor opens the radio, starts the reader thread (radio
// -> rx_ queue) and the router thread (rx_ -> "ais.position" events), and adds
// its own shutdown to the lockdown sequence (Phase::Stop). shutdown() joins the
// reader before closing rx_, lets the router drain rx_, hangs up the sessions
// that are still active and closes the radio last.
#include "ais_gateway.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <stdexcept>
#include <utility>

AisGateway::AisGateway(std::string radio_device, std::shared_ptr<EventDispatcher> events, ShutdownSequence& lockdown)
    : device_(std::move(radio_device)),
      events_(std::move(events)),
      radio_(::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC)),
      rx_(512),
      running_(true) {
  if (!radio_.valid()) throw std::runtime_error("cannot open radio " + device_);
  reader_ = std::thread([this] { reader_loop(); });
  router_ = std::thread([this] { router_loop(); });
  lockdown.add(Phase::Stop, "ais gateway", [this] {
    shutdown();
    return Status::Ok();
  });
}

AisGateway::~AisGateway() { shutdown(); }

void AisGateway::reader_loop() {
  std::string pending;
  char buf[256];
  while (running_.load()) {
    pollfd pfd{radio_.get(), POLLIN, 0};
    const int ready = ::poll(&pfd, 1, 250);
    if (ready <= 0) continue;  // timeout, or EINTR
    const ssize_t n = ::read(radio_.get(), buf, sizeof buf);  // OK: shutdown() joins this thread before it closes radio_
    if (n <= 0) continue;
    pending.append(buf, static_cast<std::size_t>(n));
    std::size_t nl;
    while ((nl = pending.find('\n')) != std::string::npos) {
      std::string sentence = pending.substr(0, nl);
      pending.erase(0, nl + 1);
      if (sentence.rfind("!AIVDM", 0) == 0) rx_.try_push(std::move(sentence));
    }
  }
}

void AisGateway::router_loop() {
  while (std::optional<std::string> sentence = rx_.pop()) {
    events_->emit("ais.position", *sentence);  // OK: this thread is joined in Phase::Stop, the dispatcher stops in Phase::Seal
  }
}

Status AisGateway::open_session(std::uint32_t mmsi, const std::string& callsign) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!running_.load()) return Status::Error(Errc::Closed, "ais gateway shut down");
  std::unique_ptr<WellBoatSession>& slot = sessions_[mmsi];
  if (slot && slot->active()) return Status::Error(Errc::Busy, "session already open with " + callsign);
  slot = std::make_unique<WellBoatSession>(mmsi, callsign, radio_.get());  // replaces a hung-up session, if any
  return Status::Ok();
}

WellBoatSession* AisGateway::session(std::uint32_t mmsi) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(mmsi);
  return it == sessions_.end() ? nullptr : it->second.get();
}

void AisGateway::drop(std::uint32_t mmsi) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(mmsi);
  if (it == sessions_.end()) return;
  it->second->hangup();  // SAME: dropcall
  sessions_.erase(it);
}

void AisGateway::close_all_sessions() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto& entry : sessions_) {
    if (entry.second->active()) entry.second->hangup();  // OK: only sessions that are still active
  }
}

Status AisGateway::broadcast(const std::string& text) {
  if (!running_.load()) throw std::runtime_error("ais gateway shut down");
  const std::string frame = "$DSCALL,SECURITE," + text + "\r\n";
  std::lock_guard<std::mutex> lk(mu_);
  if (::write(radio_.get(), frame.data(), frame.size()) < 0) return Status::Error(Errc::Io, "broadcast failed");  // OK: running_ checked above; shutdown() runs on the callers' thread
  return Status::Ok();
}

void AisGateway::shutdown() {
  if (!running_.exchange(false)) return;
  if (reader_.joinable()) reader_.join();
  rx_.close();
  if (router_.joinable()) router_.join();
  close_all_sessions();
  radio_.close();
}

bool AisGateway::running() const { return running_.load(); }
