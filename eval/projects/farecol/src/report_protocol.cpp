// HTTP/1.0 framing for the back-office report service.
#include "report_protocol.h"

#include <cerrno>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace farecol {
namespace {

std::string urlDecode(const std::string &s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size()) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

void parseQuery(const std::string &query, std::map<std::string, std::string> &out) {
  std::size_t start = 0;
  while (start < query.size()) {
    const std::size_t amp = query.find('&', start);
    const std::string pair = query.substr(start, amp == std::string::npos ? std::string::npos : amp - start);
    const std::size_t eq = pair.find('=');
    if (eq != std::string::npos)
      out[urlDecode(pair.substr(0, eq))] = urlDecode(pair.substr(eq + 1));
    if (amp == std::string::npos)
      break;
    start = amp + 1;
  }
}

} // namespace

const char *reasonPhrase(int status) {
  switch (status) {
  case 200:
    return "OK";
  case 202:
    return "Accepted";
  case 400:
    return "Bad Request";
  case 404:
    return "Not Found";
  case 503:
    return "Service Unavailable";
  default:
    return "Error";
  }
}

SocketFd acceptClient(const SocketFd &listener) {
  for (;;) {
    const int fd = ::accept4(listener.get(), nullptr, nullptr, SOCK_CLOEXEC);
    if (fd >= 0)
      return SocketFd(fd);
    if (errno == EINTR || errno == ECONNABORTED)
      continue;
    return SocketFd();
  }
}

std::optional<ReportRequest> readRequest(int fd) {
  std::string buf;
  char chunk[1024];
  while (buf.find("\r\n\r\n") == std::string::npos) {
    if (buf.size() > 16 * 1024)
      return std::nullopt;
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return std::nullopt;
    buf.append(chunk, static_cast<std::size_t>(n));
  }

  ReportRequest req;
  const std::size_t lineEnd = buf.find("\r\n");
  const std::string first = buf.substr(0, lineEnd);
  const std::size_t sp1 = first.find(' ');
  const std::size_t sp2 = first.find(' ', sp1 == std::string::npos ? 0 : sp1 + 1);
  if (sp1 == std::string::npos || sp2 == std::string::npos)
    return std::nullopt;
  req.method = first.substr(0, sp1);
  const std::string target = first.substr(sp1 + 1, sp2 - sp1 - 1);
  const std::size_t q = target.find('?');
  req.path = target.substr(0, q);
  if (q != std::string::npos)
    parseQuery(target.substr(q + 1), req.query);

  static const std::string kStaffHeader = "\r\nX-Staff-Id: ";
  const std::size_t staff = buf.find(kStaffHeader);
  if (staff != std::string::npos) {
    const std::size_t begin = staff + kStaffHeader.size();
    req.staffId = buf.substr(begin, buf.find("\r\n", begin) - begin);
  }
  return req;
}

Status writeHeader(SocketFd &client, const Report &report) {
  const std::string head = "HTTP/1.0 " + std::to_string(report.status) + " " + reasonPhrase(report.status) +
                           "\r\nContent-Type: " + report.contentType +
                           "\r\nContent-Length: " + std::to_string(report.body.size()) + "\r\n\r\n";
  try {
    client.sendAll(head.data(), head.size());
  } catch (const std::system_error &e) {
    client.close();
    return Status::ioError(e.code().value(), "report header");
  }
  return Status::success();
}

void replyError(SocketFd &client, int status, const std::string &why) {
  Report report;
  report.status = status;
  report.body = why + "\n";
  if (writeHeader(client, report).failed())
    return;
  try {
    client.sendAll(report.body.data(), report.body.size()); // OK
  } catch (const std::system_error &) {
  }
}

void replyBusy(int fd) {
  static const char kBusy[] = "HTTP/1.0 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\n\r\n";
  (void)::send(fd, kBusy, sizeof kBusy - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
  ::close(fd);
}

void answerProbe(int fd, const std::string &statusLine) {
  const std::string message = statusLine + "\n";
  (void)::send(fd, message.data(), message.size(), MSG_NOSIGNAL | MSG_DONTWAIT); // SAME: tmpsock
}

} // namespace farecol
