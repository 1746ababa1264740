// Spool-file parsing, wire and receipt encoding, stdin command parsing.
// readHeader() closes the stream itself on a malformed header (its documented
// contract); readBody() reads whatever stream it is given. The SAME line below
// is where readBody() reads the stream that SpoolReader::processFile() passes
// on after readHeader() has closed it (the BUG #spoolbody is in
// spool_reader.cpp). Everything else here is correct: each function closes
// at most once and never uses the stream after closing it.
#include "pushgw/notification.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <sstream>

namespace pushgw {
namespace {

std::string trim(const std::string &s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
    ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
    --e;
  return s.substr(b, e - b);
}

bool applyHeader(const std::string &key, const std::string &value,
                 Notification &out) {
  if (key == "Id") {
    out.id = value;
  } else if (key == "Tenant") {
    out.tenant = value;
  } else if (key == "Token") {
    out.deviceToken = value;
  } else if (key == "Title") {
    out.title = value;
  } else if (key == "Priority") {
    char *end = nullptr;
    long p = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || p < 0 || p > 10)
      return false;
    out.priority = static_cast<int>(p);
  } else {
    return false;
  }
  return true;
}

} // namespace

bool readHeader(std::FILE *f, Notification &out) {
  char line[1024];
  while (std::fgets(line, sizeof line, f)) {
    const std::string s = trim(line);
    if (s.empty())
      break;
    const std::size_t colon = s.find(':');
    if (colon == std::string::npos ||
        !applyHeader(trim(s.substr(0, colon)), trim(s.substr(colon + 1)), out)) {
      std::fclose(f);
      return false;
    }
  }
  if (out.tenant.empty() || out.deviceToken.empty()) {
    std::fclose(f);
    return false;
  }
  return true;
}

std::string readBody(std::FILE *f) {
  std::string body;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, f)) // SAME: spoolbody
    body += buf;
  if (!body.empty() && body.back() == '\n')
    body.pop_back();
  return body;
}

std::string encodeFrame(const Notification &n) {
  const std::string payload = n.title + "\n" + n.body;
  return "PUSH " + n.id + " " + n.deviceToken + " " +
         std::to_string(n.priority) + " " + std::to_string(payload.size()) +
         "\n" + payload;
}

std::string encodeReceipt(const DeliveryReceipt &r) {
  return r.notificationId + " " + r.tenant + " " +
         (r.delivered ? "delivered" : "failed") + " " + r.detail;
}

bool decodeLogLine(const std::string &line, DeliveryReceipt &out) {
  std::istringstream in(line);
  long long when = 0;
  std::string status;
  if (!(in >> when >> out.notificationId >> out.tenant >> status))
    return false;
  if (status != "delivered" && status != "failed")
    return false;
  out.delivered = status == "delivered";
  std::getline(in, out.detail);
  out.detail = trim(out.detail);
  return true;
}

bool parseSendCommand(const std::string &args, Notification &out) {
  std::istringstream in(args);
  if (!(in >> out.tenant >> out.deviceToken))
    return false;
  std::string rest;
  std::getline(in, rest);
  rest = trim(rest);
  const std::size_t bar = rest.find('|');
  if (bar == std::string::npos)
    return false;
  out.title = trim(rest.substr(0, bar));
  out.body = trim(rest.substr(bar + 1));
  return !out.title.empty();
}

std::string makeNotificationId() {
  static std::atomic<unsigned long> counter{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now);
  return "n" + std::to_string(ms.count()) + "-" + std::to_string(++counter);
}

} // namespace pushgw
