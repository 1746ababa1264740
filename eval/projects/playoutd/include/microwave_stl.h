// MicrowaveStl: the studio-transmitter link, a codec link over the microwave
// hop with a backup path over the ISP.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class CodecLink;

class MicrowaveStl {
public:
  MicrowaveStl(std::string site, std::string primaryHost,
               std::string backupHost, uint16_t port, std::string profile);
  ~MicrowaveStl();
  bool connect();
  void send(const std::vector<uint8_t> &frame);
  bool heartbeat();
  bool failover();
  void drop();
  int missedBeats() const { return missed_; }

private:
  std::string site_;
  std::string primaryHost_;
  std::string backupHost_;
  uint16_t port_;
  std::string profile_;
  std::mutex mu_;
  std::unique_ptr<CodecLink> link_;
  int missed_ = 0;
  unsigned seq_ = 0;
};
