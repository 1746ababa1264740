// StationLink: serial link to one ward's send/receive station, with reconnect. Every
// method takes mu_, so a shutdown() from another thread never closes the port under a
// send() in progress.
#pragma once

#include <mutex>
#include <string>

#include "link.h"
#include "serial_port.h"

namespace tubed {

class StationLink : public Link {
 public:
  StationLink(std::string name, std::string device);
  ~StationLink() override;

  Status connect();
  // Closes the port and reopens it (three attempts); Code::Closed after shutdown().
  Status reconnect();
  // Up -> Down; the link may reconnect later.
  void disconnect();
  Status send(const std::string& frame) override;
  void shutdown() override;

  const std::string& device() const;
  int reconnects() const;

 private:
  Status handshake();  // with mu_ held

  mutable std::mutex mu_;
  SerialPort port_;
  std::string device_;
  int reconnects_ = 0;
};

}  // namespace tubed
