// AesSender: programme audio to the transmitter site as AES67-style RTP
// packets. A broken socket is replaced by reconnect(), which drops the old
// pipe and emplaces a new one before sending the preroll.
#include "aes_framing.h"

#include <arpa/inet.h>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

std::vector<uint8_t> AesFraming::wrap(const std::vector<int16_t> &pcm,
                                      uint32_t seq) {
  std::vector<uint8_t> packet(12 + pcm.size() * 3);
  packet[0] = 0x80; // RTP v2
  packet[1] = 97;   // L24 dynamic payload
  packet[2] = static_cast<uint8_t>(seq >> 8);
  packet[3] = static_cast<uint8_t>(seq);
  const uint32_t ts = htonl(seq * static_cast<uint32_t>(pcm.size() / 2));
  std::memcpy(&packet[4], &ts, sizeof ts);
  std::size_t at = 12;
  for (int16_t s : pcm) { // 16-bit samples widened to L24, big endian
    packet[at++] = static_cast<uint8_t>(s >> 8);
    packet[at++] = static_cast<uint8_t>(s);
    packet[at++] = 0;
  }
  return packet;
}

AesSender::AesSender(std::string host, uint16_t port)
    : host_(std::move(host)), port_(port), preroll_(480 * 2, 0) {}

int AesSender::dial() const {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port_);
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1)
    return -1;
  const int sock = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (sock < 0)
    return -1;
  if (::connect(sock, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(sock);
    return -1;
  }
  return sock;
}

bool AesSender::reconnect() {
  pipe_.reset();
  const int sock = dial();
  if (sock < 0)
    return false;
  pipe_.emplace(sock);
  try {
    pipe_->push(preroll_); // OK: a fresh pipe was emplaced after reset()
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "aes: %s:%u refused the preroll: %s\n", host_.c_str(),
                 static_cast<unsigned>(port_), e.what());
    ::close(sock);
    pipe_.reset(); // BUG: double-close #aesclose
    return false;
  }
  return true;
}

void AesSender::send(const std::vector<int16_t> &pcm) {
  if (!pipe_)
    return;
  pipe_->push(pcm); // OK: close() and a failed reconnect() leave the optional empty
}

void AesSender::close() { pipe_.reset(); }
