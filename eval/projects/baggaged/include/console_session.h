// ConsoleSession: one operator terminal connected to the console socket.
#pragma once
#include "handles.h"
#include <mutex>
#include <string>

class ConsoleSession {
 public:
  ConsoleSession(int id, FdHandle fd);
  ~ConsoleSession();
  ConsoleSession(const ConsoleSession&) = delete;
  ConsoleSession& operator=(const ConsoleSession&) = delete;

  bool readLine(std::string& line);        // false at end of input; throws std::runtime_error once closed
  void send(const std::string& text);      // throws std::runtime_error once closed
  bool trySend(const std::string& text);   // false once closed
  void hangup();                           // shutdown(2): wakes a blocked reader, does not close
  void close();                            // idempotent
  bool closed() const;
  int id() const;

 private:
  int id_;
  mutable std::mutex mu_;
  FdHandle fd_;
  bool closed_ = false;
};
