// DcsFeed: the reconciliation connection to the airline departure control
// system (BSM/BPM style messages over TCP). send() throws on a disconnected
// feed; sendChecked() (from LinkBase) returns StatusCode::Closed instead.
#pragma once
#include "link_base.h"
#include "status.h"
#include <string>

class DcsFeed : public LinkBase<DcsFeed> {
 public:
  DcsFeed(std::string host, int port);
  ~DcsFeed();
  DcsFeed(const DcsFeed&) = delete;
  DcsFeed& operator=(const DcsFeed&) = delete;

  Status connect();
  void send(const std::string& message);   // throws std::runtime_error when disconnected
  void disconnect();                       // throws std::logic_error when already disconnected
  bool isOpen() const;
  Status sendRaw(const std::string& payload);
  std::string linkName() const;

 private:
  std::string host_;
  int port_;
  int fd_ = -1;
};
