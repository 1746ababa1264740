#pragma once
namespace acme {
class DbConnection {
public:
  void open();
  void reconnect();
  void close();
  void disconnect();
  void write(int);
  bool connected() const;
};
} // namespace acme
class DbConnection { // not in namespace acme: the profile does not apply
public:
  void close();
  void write(int);
};
