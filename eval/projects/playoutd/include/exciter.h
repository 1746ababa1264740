// Exciter: the FM exciter's remote-control port. The serial session lives in
// a private Impl so the header does not drag termios in.
#pragma once
#include <memory>
#include <string>

class Exciter {
public:
  explicit Exciter(std::string port);
  ~Exciter();
  Exciter(Exciter &&) noexcept;
  Exciter &operator=(Exciter &&) noexcept;

  bool open();
  /// Throws std::runtime_error once closed.
  void setPower(int watts);
  /// Forward power in watts, or -1 when the port is closed.
  int forwardPower() const;
  void close();
  bool isOpen() const;

private:
  struct Impl;
  std::string port_;
  std::unique_ptr<Impl> impl_;
};
