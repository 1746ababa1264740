// One bound UDP socket with its receive thread.
#pragma once
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <sys/socket.h>
#include <thread>

namespace dnscache {

/// start() spawns a thread that loops on recvfrom() and hands each datagram to
/// the handler. sendTo() may be called from any thread; it returns false once
/// the listener is closed (closed_ is checked under sendMu_, which close() also
/// holds while it closes). close() is idempotent (closed_ exchange). stop()
/// closes the socket and joins the thread. The destructor stops and closes.
class UdpListener {
public:
  using Handler = std::function<void(UdpListener &self, std::string datagram,
                                     const sockaddr_storage &from, socklen_t fromLen)>;

  UdpListener(std::string address, Handler handler);
  ~UdpListener();
  UdpListener(const UdpListener &) = delete;
  UdpListener &operator=(const UdpListener &) = delete;

  bool open();
  void start();
  void stop();
  void close();
  bool sendTo(const std::string &data, const sockaddr_storage &to, socklen_t toLen);
  const std::string &address() const { return address_; }

private:
  void run();

  std::string address_;
  Handler handler_;
  int fd_ = -1;
  std::atomic<bool> running_{false};
  std::atomic<bool> closed_{false};
  std::mutex sendMu_;
  std::thread thread_;
};

} // namespace dnscache
