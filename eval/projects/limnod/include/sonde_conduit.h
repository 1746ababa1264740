// One TCP connection to a multiparameter water-quality sonde (or any of the raft's
// instruments that speak the sonde's line protocol).
#pragma once
#include <memory>
#include <string>

class SondeConduit {
public:
  SondeConduit(std::string host, int port);
  ~SondeConduit();
  SondeConduit(const SondeConduit &) = delete;
  SondeConduit &operator=(const SondeConduit &) = delete;

  /// Opens the socket (again, after close()); false when the instrument does not answer.
  bool connect();
  bool up() const { return fd_ >= 0; }
  /// Sends one command line. Throws std::runtime_error when the conduit is closed
  /// or the write fails.
  void command(const std::string &line);
  /// Reads one reply line. Throws std::runtime_error when closed or on EOF.
  std::string poll();
  /// Closes the socket. Throws std::logic_error when the conduit is already closed.
  void close();

  const std::string &host() const { return host_; }
  int port() const { return port_; }

private:
  std::string host_;
  int port_;
  int fd_ = -1;
};

/// Says goodbye to the instrument, closes the conduit and logs why it was retired.
void retireSondeConduit(std::unique_ptr<SondeConduit> conduit, const std::string &why);
