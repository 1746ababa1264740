// wire: PostgreSQL v3 frame helpers shared by the client side and the backend
// side of the proxy, plus the line-based helpers of the admin port.
//
// Descriptor ownership:
//  - sendErrorAndClose(fd, ...) and replyAndClose(fd, ...) ALWAYS close fd; the
//    caller must neither use nor close fd afterwards.
//  - acceptStartup(fd, info) closes fd and returns false when the startup packet
//    is unusable (after telling the client why, when it can). When it returns
//    true, fd is still open and belongs to the caller; that includes a
//    CancelRequest, which is reported through info.cancel.
//  - closeQuietly(fd) closes fd when it is >= 0 and sets it to -1, so a second
//    call does nothing.
//  - every other function leaves fd open.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sqlproxy {

struct QueryResult {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
  std::string tag; // CommandComplete tag, e.g. "SELECT 3"

  std::size_t payloadBytes() const;
};

namespace wire {

struct Message {
  char type = 0;
  std::string body;
};

struct StartupInfo {
  std::string user;
  std::string database;
  std::string application;
  bool cancel = false;
  uint32_t cancelPid = 0;
  uint32_t cancelKey = 0;
};

bool writeAll(int fd, const std::string &bytes);
bool readExact(int fd, char *buf, std::size_t n);
std::optional<Message> readMessage(int fd);
std::optional<std::string> readLine(int fd, std::string &carry);
bool writeLine(int fd, const std::string &line);

bool acceptStartup(int fd, StartupInfo &info);
void sendErrorAndClose(int fd, const std::string &sqlstate, const std::string &message);
void replyAndClose(int fd, const std::string &line);
void closeQuietly(int &fd);

std::string frame(char type, const std::string &body);
std::string startupMessage(const std::string &user, const std::string &database);
std::string passwordMessage(const std::string &password);
std::string simpleQuery(const std::string &sql);
std::string parse(const std::string &name, const std::string &sql);
std::string bind(const std::string &name, const std::vector<std::string> &params);
std::string describeStatement(const std::string &name);
std::string execute();
std::string sync();
std::string closeStatement(const std::string &name);
std::string terminate();
std::string authenticationOk();
std::string readyForQuery(char txStatus);
std::string errorResponse(const std::string &sqlstate, const std::string &message,
                          const std::string &severity = "ERROR");
std::string notice(const std::string &message);
std::string rowDescription(const std::vector<std::string> &columns);
std::string dataRow(const std::vector<std::string> &values);
std::string commandComplete(const std::string &tag);

int32_t authCode(const Message &m);
std::string errorField(const Message &m, char field);
std::string inlineParams(const std::string &sql, const std::vector<std::string> &params);

} // namespace wire
} // namespace sqlproxy
