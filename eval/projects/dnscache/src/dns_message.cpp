// Minimal DNS wire-format parsing and construction.
#include "dnscache/dns_message.h"

#include <algorithm>
#include <cctype>

namespace dnscache {

namespace {

constexpr std::size_t kHeaderSize = 12;

uint16_t get16(const std::string &w, std::size_t pos) {
  return static_cast<uint16_t>((static_cast<uint8_t>(w[pos]) << 8) | static_cast<uint8_t>(w[pos + 1]));
}

uint32_t get32(const std::string &w, std::size_t pos) {
  return (static_cast<uint32_t>(get16(w, pos)) << 16) | get16(w, pos + 2);
}

void put16(std::string &w, std::size_t pos, uint16_t v) {
  w[pos] = static_cast<char>(v >> 8);
  w[pos + 1] = static_cast<char>(v & 0xff);
}

void append16(std::string &w, uint16_t v) {
  w.push_back(static_cast<char>(v >> 8));
  w.push_back(static_cast<char>(v & 0xff));
}

void append32(std::string &w, uint32_t v) {
  append16(w, static_cast<uint16_t>(v >> 16));
  append16(w, static_cast<uint16_t>(v & 0xffff));
}

// Reads a (possibly compressed) name starting at pos. On success sets end to
// the offset just past the name as it appears at pos.
bool readName(const std::string &w, std::size_t pos, std::string &out, std::size_t &end) {
  out.clear();
  bool jumped = false;
  int jumps = 0;
  while (true) {
    if (pos >= w.size())
      return false;
    const uint8_t len = static_cast<uint8_t>(w[pos]);
    if (len == 0) {
      if (!jumped)
        end = pos + 1;
      return true;
    }
    if ((len & 0xc0) == 0xc0) {
      if (pos + 1 >= w.size() || ++jumps > 16)
        return false;
      if (!jumped)
        end = pos + 2;
      jumped = true;
      pos = get16(w, pos) & 0x3fff;
      continue;
    }
    if (len > 63 || pos + 1 + len > w.size())
      return false;
    if (!out.empty())
      out.push_back('.');
    for (std::size_t i = 0; i < len; ++i)
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(w[pos + 1 + i]))));
    pos += 1 + len;
    if (out.size() > 255)
      return false;
  }
}

bool skipName(const std::string &w, std::size_t pos, std::size_t &end) {
  std::string ignored;
  return readName(w, pos, ignored, end);
}

std::string headerAndQuestion(const std::string &query, std::size_t questionEnd) {
  std::string out = query.substr(0, questionEnd);
  put16(out, 4, 1);
  put16(out, 6, 0);
  put16(out, 8, 0);
  put16(out, 10, 0);
  return out;
}

} // namespace

std::optional<DnsMessage> DnsMessage::parse(const std::string &wire) {
  if (wire.size() < kHeaderSize)
    return std::nullopt;
  DnsMessage m;
  m.wire_ = wire;
  if (get16(wire, 4) == 0) {
    m.questionEnd_ = kHeaderSize;
    return m;
  }
  std::size_t end = 0;
  if (!readName(wire, kHeaderSize, m.question_.name, end) || end + 4 > wire.size())
    return std::nullopt;
  m.question_.qtype = get16(wire, end);
  m.question_.qclass = get16(wire, end + 2);
  m.questionEnd_ = end + 4;
  return m;
}

uint16_t DnsMessage::id() const { return get16(wire_, 0); }
bool DnsMessage::isResponse() const { return (static_cast<uint8_t>(wire_[2]) & 0x80) != 0; }
bool DnsMessage::truncated() const { return (static_cast<uint8_t>(wire_[2]) & 0x02) != 0; }
int DnsMessage::rcode() const { return static_cast<uint8_t>(wire_[3]) & 0x0f; }

std::string DnsMessage::cacheKey() const {
  return question_.name + "/" + std::to_string(question_.qtype) + "/" +
         std::to_string(question_.qclass);
}

uint32_t DnsMessage::minTtl() const {
  const unsigned records = static_cast<unsigned>(get16(wire_, 6)) + get16(wire_, 8);
  std::size_t pos = questionEnd_;
  uint32_t best = 0;
  bool any = false;
  for (unsigned i = 0; i < records; ++i) {
    std::size_t end = 0;
    if (!skipName(wire_, pos, end) || end + 10 > wire_.size())
      break;
    const uint32_t ttl = get32(wire_, end + 4);
    const uint16_t rdlen = get16(wire_, end + 8);
    if (!any || ttl < best)
      best = ttl;
    any = true;
    pos = end + 10 + rdlen;
    if (pos > wire_.size())
      break;
  }
  return any ? std::min<uint32_t>(best, 86400) : 0;
}

uint16_t DnsMessage::readId(const std::string &wire) {
  return wire.size() >= 2 ? get16(wire, 0) : 0;
}

std::string DnsMessage::withId(std::string wire, uint16_t id) {
  if (wire.size() >= 2)
    put16(wire, 0, id);
  return wire;
}

std::string DnsMessage::makeError(const std::string &query, int rcode) {
  auto q = parse(query);
  std::string out = q ? headerAndQuestion(query, q->questionEnd_) : query.substr(0, kHeaderSize);
  if (out.size() < kHeaderSize)
    out.resize(kHeaderSize, '\0');
  if (!q) {
    put16(out, 4, 0);
    put16(out, 6, 0);
    put16(out, 8, 0);
    put16(out, 10, 0);
  }
  out[2] = static_cast<char>((static_cast<uint8_t>(out[2]) & 0x79) | 0x80); // QR, keep opcode/RD
  out[3] = static_cast<char>(0x80 | (rcode & 0x0f));                        // RA
  return out;
}

std::string DnsMessage::makeA(const std::string &query, const std::array<uint8_t, 4> &addr,
                              uint32_t ttl) {
  auto q = parse(query);
  if (!q)
    return makeError(query, kRcodeFormErr);
  std::string out = headerAndQuestion(query, q->questionEnd_);
  out[2] = static_cast<char>((static_cast<uint8_t>(out[2]) & 0x79) | 0x84); // QR, AA
  out[3] = static_cast<char>(0x80);
  put16(out, 6, 1);
  append16(out, 0xc00c);
  append16(out, kTypeA);
  append16(out, kClassIN);
  append32(out, ttl);
  append16(out, 4);
  for (uint8_t b : addr)
    out.push_back(static_cast<char>(b));
  return out;
}

std::string DnsMessage::makeQuery(uint16_t id, const std::string &name, uint16_t qtype) {
  std::string out(kHeaderSize, '\0');
  put16(out, 0, id);
  out[2] = 0x01; // RD
  put16(out, 4, 1);
  std::size_t start = 0;
  while (start < name.size()) {
    auto dot = name.find('.', start);
    if (dot == std::string::npos)
      dot = name.size();
    const std::size_t len = std::min<std::size_t>(dot - start, 63);
    if (len > 0) {
      out.push_back(static_cast<char>(len));
      out.append(name, start, len);
    }
    start = dot + 1;
  }
  out.push_back('\0');
  append16(out, qtype);
  append16(out, kClassIN);
  return out;
}

std::string DnsMessage::truncateForUdp(const std::string &response, std::size_t limit) {
  if (response.size() <= limit)
    return response;
  auto m = parse(response);
  if (!m)
    return {};
  std::string out = headerAndQuestion(response, m->questionEnd_);
  out[2] = static_cast<char>(static_cast<uint8_t>(out[2]) | 0x02);
  return out;
}

} // namespace dnscache
