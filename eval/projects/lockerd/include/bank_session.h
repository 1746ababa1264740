// Inbound side of a bank connection: reads the bank's event lines from its
// TCP socket, parses them and acknowledges what was accepted.
#pragma once
#include "door_event.h"
#include "status.h"
#include "tcp_socket.h"

#include <string>
#include <vector>

class DiagLog;

enum class SessionRead { Idle, Events, Eof, Error };

class BankSession {
public:
  BankSession(TcpSocket socket, std::string peer, DiagLog &diag);

  int fd() const { return socket_.nativeHandle(); }
  const std::string &bankId() const { return bankId_; }
  const std::string &peer() const { return peer_; }
  void setBankId(std::string id) { bankId_ = std::move(id); }

  SessionRead readEvents(std::vector<DoorEvent> &out);
  Status sendNak(const std::string &why);
  void close() { socket_.close(); }
  bool isOpen() const { return socket_.isOpen(); }

private:
  TcpSocket socket_;
  const std::string peer_;
  DiagLog &diag_;
  std::string bankId_;
  std::string buffer_;
  unsigned badLines_ = 0;
};
