// Tag reader connections. BarcodeSerialConn reads newline-terminated tags
// from a scanner array on a serial line; RfidTcpConn talks to an RFID reader
// over TCP. Both close idempotently and answer Closed once closed.
#include "reader_conn.h"

#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <termios.h>

namespace {
// Puts the line into raw 9600 8N1 mode; hands the handle back (empty on failure).
FdHandle configureTty(FdHandle h) {
  termios tio{};
  if (::tcgetattr(h.get(), &tio) != 0) return FdHandle();
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, B9600);
  ::cfsetospeed(&tio, B9600);
  if (::tcsetattr(h.get(), TCSANOW, &tio) != 0) return FdHandle();
  return h;
}

Status readLineTag(FdHandle& fd, std::string& out) {
  char buf[64];
  ssize_t n = fd.read(buf, sizeof buf);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return Status::Error(StatusCode::NotFound, "no tag");
  if (n <= 0) return Status::Error(StatusCode::IoError, "reader line dropped");
  std::size_t len = static_cast<std::size_t>(n);
  while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r')) --len;
  out.assign(buf, len);
  return Status::Ok();
}
}  // namespace

BarcodeSerialConn::BarcodeSerialConn(std::string device) : device_(std::move(device)) {}

Status BarcodeSerialConn::open() {
  FdHandle raw = openDeviceFd(device_, O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (!raw.valid()) return Status::Error(StatusCode::IoError, "cannot open scanner " + device_);
  FdHandle configured = configureTty(std::move(raw));
  if (!configured.valid()) return Status::Error(StatusCode::IoError, "cannot configure scanner " + device_);
  fd_ = std::move(configured);
  static const char kTrigger[] = "\x16T\r";
  fd_.write(kTrigger, sizeof kTrigger - 1); // OK: fd_ owns the descriptor handed through both moves
  return Status::Ok();
}

Status BarcodeSerialConn::readTag(std::string& out) {
  if (!fd_.valid()) return Status::Error(StatusCode::Closed, "scanner " + device_ + " closed");
  return readLineTag(fd_, out);
}

void BarcodeSerialConn::close() { fd_.close(); }

bool BarcodeSerialConn::closed() const { return !fd_.valid(); }

RfidTcpConn::RfidTcpConn(std::string host, int port) : host_(std::move(host)), port_(port) {}

Status RfidTcpConn::open() {
  FdHandle sock(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!sock.valid()) return Status::Error(StatusCode::IoError, "socket");
  auto closeOnFailure = makeScopeExit([&sock] { sock.close(); });
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port_));
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1) return Status::Error(StatusCode::Invalid, host_);
  if (::connect(sock.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
    return Status::Error(StatusCode::IoError, "rfid reader " + host_ + " unreachable");
  static const char kHello[] = "MODE INVENTORY\n";
  sock.write(kHello, sizeof kHello - 1); // OK: the scope guard closes only when open() leaves early
  closeOnFailure.dismiss();
  ::fcntl(sock.get(), F_SETFL, O_NONBLOCK);
  fd_ = std::move(sock);
  return Status::Ok();
}

Status RfidTcpConn::readTag(std::string& out) {
  if (!fd_.valid()) return Status::Error(StatusCode::Closed, "rfid reader " + host_ + " closed");
  return readLineTag(fd_, out);
}

Status RfidTcpConn::sendCommand(const std::string& cmd) {
  auto dropOnError = makeScopeExit([this] { fd_.close(); });
  ssize_t n = fd_.write(cmd.data(), cmd.size());
  if (n != static_cast<ssize_t>(cmd.size())) return Status::Error(StatusCode::IoError, "short write to rfid reader");
  return Status::Ok();
}

Status RfidTcpConn::tuneAntenna(int dbm) {
  if (!fd_.valid()) return Status::Error(StatusCode::Closed, "rfid reader " + host_ + " closed");
  Status st = sendCommand("PWR " + std::to_string(dbm) + "\n");
  if (!st.ok()) return st;
  char ack[16];
  ssize_t n = fd_.read(ack, sizeof ack); // BUG: use-after-close
  if (n < 2 || ack[0] != 'O' || ack[1] != 'K') return Status::Error(StatusCode::IoError, "antenna power refused");
  return Status::Ok();
}

void RfidTcpConn::close() { fd_.close(); }

bool RfidTcpConn::closed() const { return !fd_.valid(); }
