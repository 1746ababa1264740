// WellBoatSession: DSC text session with one well-boat over the gateway's radio.
// hangup() is not idempotent (a second hang-up is a caller error and throws);
// the destructor only hangs up a session that is still active.
#include "wellboat_session.h"

#include <unistd.h>

#include <stdexcept>
#include <utility>

WellBoatSession::WellBoatSession(std::uint32_t mmsi, std::string callsign, int radio_fd)
    : mmsi_(mmsi), callsign_(std::move(callsign)), radio_fd_(radio_fd), active_(true) {
  transcript_.push_back("open " + callsign_);
}

WellBoatSession::~WellBoatSession() {
  if (active_) hangup();  // OK: only a session that is still active is hung up here
}

Status WellBoatSession::send_text(const std::string& text) {
  if (!active_) throw std::runtime_error("well-boat session hung up: " + callsign_);
  const std::string frame = "$DSCTX," + std::to_string(mmsi_) + "," + text + "\r\n";
  if (::write(radio_fd_, frame.data(), frame.size()) < 0) return Status::Error(Errc::Io, "radio write failed");
  transcript_.push_back("> " + text);
  return Status::Ok();
}

void WellBoatSession::hangup() {
  if (!active_) throw std::logic_error("well-boat session already hung up: " + callsign_);
  const std::string frame = "$DSCEND," + std::to_string(mmsi_) + "\r\n";
  if (::write(radio_fd_, frame.data(), frame.size()) < 0) transcript_.push_back("hangup not acknowledged");
  active_ = false;
  transcript_.push_back("hangup");
}

bool WellBoatSession::active() const { return active_; }

std::uint32_t WellBoatSession::mmsi() const { return mmsi_; }

const std::string& WellBoatSession::callsign() const { return callsign_; }

const std::vector<std::string>& WellBoatSession::transcript() const { return transcript_; }
