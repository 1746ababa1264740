// WellBoatSession: a DSC/VHF text session with one well-boat, keyed by its MMSI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "status.h"

class WellBoatSession {
 public:
  // `radio_fd` is borrowed from the AisGateway, which outlives its sessions.
  WellBoatSession(std::uint32_t mmsi, std::string callsign, int radio_fd);
  ~WellBoatSession();  // hangs up when still active

  WellBoatSession(const WellBoatSession&) = delete;
  WellBoatSession& operator=(const WellBoatSession&) = delete;

  Status send_text(const std::string& text);  // throws std::runtime_error("well-boat session hung up")
  void hangup();                               // throws std::logic_error when already hung up
  bool active() const;
  std::uint32_t mmsi() const;
  const std::string& callsign() const;
  const std::vector<std::string>& transcript() const;

 private:
  std::uint32_t mmsi_;
  std::string callsign_;
  int radio_fd_;
  bool active_;
  std::vector<std::string> transcript_;
};
