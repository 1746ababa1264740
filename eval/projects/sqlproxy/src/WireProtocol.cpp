// PostgreSQL v3 framing helpers and the admin port's line helpers.
#include "sqlproxy/WireProtocol.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace sqlproxy {

namespace {

constexpr int32_t kProtocol3 = 196608;      // 3.0
constexpr int32_t kSslRequest = 80877103;
constexpr int32_t kCancelRequest = 80877102;
constexpr int32_t kMaxFrame = 64 << 20;

void putInt32(std::string &out, int32_t v) {
  const uint32_t n = htonl(static_cast<uint32_t>(v));
  out.append(reinterpret_cast<const char *>(&n), 4);
}

void putInt16(std::string &out, int16_t v) {
  const uint16_t n = htons(static_cast<uint16_t>(v));
  out.append(reinterpret_cast<const char *>(&n), 2);
}

int32_t getInt32(const char *p) {
  uint32_t n;
  std::memcpy(&n, p, 4);
  return static_cast<int32_t>(ntohl(n));
}

void putCString(std::string &out, const std::string &s) {
  out.append(s);
  out.push_back('\0');
}

} // namespace

std::size_t QueryResult::payloadBytes() const {
  std::size_t n = 0;
  for (const auto &row : rows)
    for (const auto &v : row)
      n += v.size();
  return n;
}

namespace wire {

bool writeAll(int fd, const std::string &bytes) {
  const char *p = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

bool readExact(int fd, char *buf, std::size_t n) {
  while (n > 0) {
    const ssize_t r = ::read(fd, buf, n);
    if (r < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (r == 0)
      return false;
    buf += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

std::optional<Message> readMessage(int fd) {
  char header[5];
  if (!readExact(fd, header, sizeof header))
    return std::nullopt;
  const int32_t len = getInt32(header + 1);
  if (len < 4 || len > kMaxFrame)
    return std::nullopt;
  Message m;
  m.type = header[0];
  m.body.resize(static_cast<std::size_t>(len - 4));
  if (len > 4 && !readExact(fd, &m.body[0], m.body.size()))
    return std::nullopt;
  return m;
}

std::optional<std::string> readLine(int fd, std::string &carry) {
  for (;;) {
    const auto pos = carry.find('\n');
    if (pos != std::string::npos) {
      std::string line = carry.substr(0, pos);
      carry.erase(0, pos + 1);
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return line;
    }
    char buf[512];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return std::nullopt;
    carry.append(buf, static_cast<std::size_t>(n));
    if (carry.size() > 64 * 1024)
      return std::nullopt;
  }
}

bool writeLine(int fd, const std::string &line) { return writeAll(fd, line + "\n"); }

bool acceptStartup(int fd, StartupInfo &info) {
  // A client may open with SSLRequest; we answer 'N' and it sends the real
  // startup packet on the same socket. Allow that once.
  for (int round = 0; round < 2; ++round) {
    char header[8];
    if (!readExact(fd, header, sizeof header)) {
      ::close(fd);
      return false;
    }
    const int32_t len = getInt32(header);
    const int32_t code = getInt32(header + 4);
    if (len < 8 || len > 10000) {
      sendErrorAndClose(fd, "08P01", "invalid startup packet length");
      return false;
    }
    std::string rest(static_cast<std::size_t>(len - 8), '\0');
    if (!rest.empty() && !readExact(fd, &rest[0], rest.size())) {
      ::close(fd); // OK: each failure path of this function closes fd once and returns
      return false;
    }
    if (code == kSslRequest) {
      if (!writeAll(fd, "N")) {
        ::close(fd); // OK: same pattern, this path returns right after its single close
        return false;
      }
      continue;
    }
    if (code == kCancelRequest) {
      if (rest.size() < 8) {
        sendErrorAndClose(fd, "08P01", "short cancel request");
        return false;
      }
      info.cancel = true;
      info.cancelPid = static_cast<uint32_t>(getInt32(rest.data()));
      info.cancelKey = static_cast<uint32_t>(getInt32(rest.data() + 4));
      return true;
    }
    if (code != kProtocol3) {
      sendErrorAndClose(fd, "0A000", "unsupported frontend protocol");
      return false;
    }
    // key\0value\0 ... \0
    std::size_t pos = 0;
    while (pos < rest.size() && rest[pos] != '\0') {
      const std::string key(rest.c_str() + pos);
      pos += key.size() + 1;
      if (pos >= rest.size())
        break;
      const std::string value(rest.c_str() + pos);
      pos += value.size() + 1;
      if (key == "user")
        info.user = value;
      else if (key == "database")
        info.database = value;
      else if (key == "application_name")
        info.application = value;
    }
    if (info.user.empty()) {
      sendErrorAndClose(fd, "28000", "no PostgreSQL user name specified in startup packet");
      return false;
    }
    if (info.database.empty())
      info.database = info.user;
    return true;
  }
  sendErrorAndClose(fd, "08P01", "duplicate SSL negotiation");
  return false;
}

void sendErrorAndClose(int fd, const std::string &sqlstate, const std::string &message) {
  writeAll(fd, errorResponse(sqlstate, message, "FATAL")); // best effort: the client may be gone
  ::close(fd);
}

void replyAndClose(int fd, const std::string &line) {
  writeLine(fd, line);
  ::close(fd);
}

void closeQuietly(int &fd) {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

std::string frame(char type, const std::string &body) {
  std::string out;
  out.reserve(body.size() + 5);
  out.push_back(type);
  putInt32(out, static_cast<int32_t>(body.size() + 4));
  out.append(body);
  return out;
}

std::string startupMessage(const std::string &user, const std::string &database) {
  std::string body;
  putInt32(body, kProtocol3);
  putCString(body, "user");
  putCString(body, user);
  putCString(body, "database");
  putCString(body, database);
  putCString(body, "application_name");
  putCString(body, "sqlproxy");
  body.push_back('\0');
  std::string out;
  putInt32(out, static_cast<int32_t>(body.size() + 4));
  out.append(body);
  return out;
}

std::string passwordMessage(const std::string &password) {
  std::string body;
  putCString(body, password);
  return frame('p', body);
}

std::string simpleQuery(const std::string &sql) {
  std::string body;
  putCString(body, sql);
  return frame('Q', body);
}

std::string parse(const std::string &name, const std::string &sql) {
  std::string body;
  putCString(body, name);
  putCString(body, sql);
  putInt16(body, 0); // let the backend infer parameter types
  return frame('P', body);
}

std::string bind(const std::string &name, const std::vector<std::string> &params) {
  std::string body;
  putCString(body, "");   // unnamed portal
  putCString(body, name); // statement
  putInt16(body, 0);      // all parameters in text format
  putInt16(body, static_cast<int16_t>(params.size()));
  for (const auto &p : params) {
    putInt32(body, static_cast<int32_t>(p.size()));
    body.append(p);
  }
  putInt16(body, 0); // all results in text format
  return frame('B', body);
}

std::string describeStatement(const std::string &name) {
  std::string body;
  body.push_back('S');
  putCString(body, name);
  return frame('D', body);
}

std::string execute() {
  std::string body;
  putCString(body, "");
  putInt32(body, 0); // no row limit
  return frame('E', body);
}

std::string sync() { return frame('S', ""); }

std::string closeStatement(const std::string &name) {
  std::string body;
  body.push_back('S');
  putCString(body, name);
  return frame('C', body);
}

std::string terminate() { return frame('X', ""); }

std::string authenticationOk() {
  std::string body;
  putInt32(body, 0);
  return frame('R', body);
}

std::string readyForQuery(char txStatus) { return frame('Z', std::string(1, txStatus)); }

std::string errorResponse(const std::string &sqlstate, const std::string &message,
                          const std::string &severity) {
  std::string body;
  body.push_back('S');
  putCString(body, severity);
  body.push_back('C');
  putCString(body, sqlstate);
  body.push_back('M');
  putCString(body, message);
  body.push_back('\0');
  return frame('E', body);
}

std::string notice(const std::string &message) {
  std::string body;
  body.push_back('S');
  putCString(body, "NOTICE");
  body.push_back('M');
  putCString(body, message);
  body.push_back('\0');
  return frame('N', body);
}

std::string rowDescription(const std::vector<std::string> &columns) {
  std::string body;
  putInt16(body, static_cast<int16_t>(columns.size()));
  for (const auto &c : columns) {
    putCString(body, c);
    putInt32(body, 0);  // table oid
    putInt16(body, 0);  // column number
    putInt32(body, 25); // text
    putInt16(body, -1);
    putInt32(body, -1);
    putInt16(body, 0);
  }
  return frame('T', body);
}

std::string dataRow(const std::vector<std::string> &values) {
  std::string body;
  putInt16(body, static_cast<int16_t>(values.size()));
  for (const auto &v : values) {
    putInt32(body, static_cast<int32_t>(v.size()));
    body.append(v);
  }
  return frame('D', body);
}

std::string commandComplete(const std::string &tag) {
  std::string body;
  putCString(body, tag);
  return frame('C', body);
}

int32_t authCode(const Message &m) {
  if (m.body.size() < 4)
    return -1;
  return getInt32(m.body.data());
}

std::string errorField(const Message &m, char field) {
  std::size_t pos = 0;
  while (pos < m.body.size() && m.body[pos] != '\0') {
    const char code = m.body[pos++];
    const std::string value(m.body.c_str() + pos);
    pos += value.size() + 1;
    if (code == field)
      return value;
  }
  return std::string();
}

std::string inlineParams(const std::string &sql, const std::vector<std::string> &params) {
  std::string out = sql;
  // Highest index first so that $1 does not eat the prefix of $10.
  for (std::size_t i = params.size(); i > 0; --i) {
    const std::string marker = "$" + std::to_string(i);
    std::string literal = "'";
    for (char c : params[i - 1]) {
      if (c == '\'')
        literal += "''";
      else
        literal += c;
    }
    literal += "'";
    for (auto pos = out.find(marker); pos != std::string::npos;
         pos = out.find(marker, pos + literal.size()))
      out.replace(pos, marker.size(), literal);
  }
  return out;
}

} // namespace wire
} // namespace sqlproxy
