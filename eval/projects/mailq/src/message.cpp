// Message serialization for the spool files, and message ids.
#include "mailq/message.h"

#include <atomic>
#include <chrono>
#include <exception>
#include <sstream>

#include <unistd.h>

namespace mailq {

namespace {

std::string escape(const std::string &s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
    case '\\': out += "\\\\"; break;
    case '\t': out += "\\t"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    default: out += c;
    }
  }
  return out;
}

std::string unescape(const std::string &s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    switch (s[++i]) {
    case 't': out += '\t'; break;
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    default: out += s[i];
    }
  }
  return out;
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

} // namespace

std::string Message::domain() const {
  if (recipients.empty())
    return {};
  const std::string &r = recipients.front();
  const std::size_t at = r.rfind('@');
  return at == std::string::npos ? std::string() : r.substr(at + 1);
}

std::string Message::serialize() const {
  std::string rcpts;
  for (const std::string &r : recipients) {
    if (!rcpts.empty())
      rcpts += ',';
    rcpts += r;
  }
  return id + '\t' + sender + '\t' + rcpts + '\t' + std::to_string(attempts) +
         '\t' + escape(body);
}

std::optional<Message> Message::parse(const std::string &line) {
  const std::vector<std::string> f = split(line, '\t');
  if (f.size() != 5 || f[0].empty() || f[2].empty())
    return std::nullopt;
  Message m;
  m.id = f[0];
  m.sender = f[1];
  m.recipients = split(f[2], ',');
  try {
    m.attempts = std::stoi(f[3]);
  } catch (const std::exception &) {
    return std::nullopt;
  }
  m.body = unescape(f[4]);
  return m;
}

std::string makeMessageId() {
  static std::atomic<unsigned> counter{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  std::ostringstream os;
  os << std::hex
     << std::chrono::duration_cast<std::chrono::microseconds>(now).count()
     << '.' << ::getpid() << '.' << counter.fetch_add(1);
  return os.str();
}

} // namespace mailq
