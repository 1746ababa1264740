// Wire level of the back-office report service: a minimal HTTP/1.0 request reader and the
// response writers, plus the status line served on the legacy monitoring port.
#pragma once
#include "socket_fd.h"
#include "status.h"

#include <map>
#include <optional>
#include <string>

namespace farecol {

struct ReportRequest {
  std::string method;
  std::string path;
  std::map<std::string, std::string> query;
  std::string staffId;
};

struct Report {
  int status = 200;
  std::string contentType = "text/plain";
  std::string body;
};

SocketFd acceptClient(const SocketFd &listener);
std::optional<ReportRequest> readRequest(int fd);
Status writeHeader(SocketFd &client, const Report &report);
void replyError(SocketFd &client, int status, const std::string &why);
void replyBusy(int fd);
void answerProbe(int fd, const std::string &statusLine);
const char *reasonPhrase(int status);

} // namespace farecol
