// Tag reader connections: a barcode scanner array on a serial line or an
// RFID reader over TCP. Both read one tag at a time and close idempotently;
// a closed connection answers StatusCode::Closed.
#pragma once
#include "handles.h"
#include "status.h"
#include <string>
#include <variant>

class BarcodeSerialConn {
 public:
  explicit BarcodeSerialConn(std::string device);
  Status open();
  Status readTag(std::string& out);   // NotFound when no tag is waiting
  void close();
  bool closed() const;

 private:
  std::string device_;
  FdHandle fd_;
};

class RfidTcpConn {
 public:
  RfidTcpConn(std::string host, int port);
  Status open();
  Status readTag(std::string& out);   // NotFound when no tag is waiting
  Status tuneAntenna(int dbm);
  void close();
  bool closed() const;

 private:
  Status sendCommand(const std::string& cmd);
  std::string host_;
  int port_;
  FdHandle fd_;
};

using ReaderConn = std::variant<BarcodeSerialConn, RfidTcpConn>;
