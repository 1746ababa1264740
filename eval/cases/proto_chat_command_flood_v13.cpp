// Line-based chat server: each client has a ChatConnection whose send() throws
// once the connection is closed and whose close() throws when called twice.
// Commands ("/quit", "/who", ...) are handled by handleCommand(); a client
// that sends too many commands is kicked (told why, then closed).
//
// Bug (handleCommand): the flood check kicks the client but does not return,
// so the reply below is sent on the connection kick() just closed: send()
// throws "chat connection to <user> closed".
// Bug (readLoop): a line that is too long kicks the client through
// onProtocolError() and breaks out of the loop; the close() after the loop
// then closes the connection a second time and throws.
// Correct: processLine() returns when the command closed the connection before it
// acknowledges; endSession() only closes a connection that is still open.
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

class ChatConnection {
public:
  explicit ChatConnection(std::string User) : User(std::move(User)) {}

  void send(const std::string &Line) {
    if (Closed)
      throw std::runtime_error("chat connection to " + User + " closed");
    Outbox.push_back(Line);
    if (Outbox.size() >= 8)
      flushOutbox();
  }

  void close() {
    if (Closed)
      throw std::runtime_error("chat connection to " + User + " already closed");
    flushOutbox();
    Closed = true;
  }

  bool closed() const { return Closed; }
  const std::string &user() const { return User; }

private:
  void flushOutbox() {
    for (const std::string &L : Outbox)
      std::cout << "-> " << User << ": " << L << "\n";
    Outbox.clear();
  }

  std::string User;
  std::vector<std::string> Outbox;
  bool Closed = false;
};

static const int MaxCommandsPerMinute = 20;

void kick(ChatConnection &C, const std::string &Reason) {
  C.send("*** you have been kicked: " + Reason);
  C.close();
}

void handleCommand(ChatConnection &C, const std::string &Cmd, int &Budget) {
  if (Cmd == "/quit") {
    C.send("bye " + C.user());
    C.close();
    return;
  }
  if (--Budget < 0)
    kick(C, "command flood");
  C.send(Cmd == "/who" ? "users: alice bob carol" : "unknown command " + Cmd); // BUG: use-after-close
}

void processLine(ChatConnection &C, const std::string &Line, int &Budget) {
  if (!Line.empty() && Line[0] == '/') {
    handleCommand(C, Line, Budget);
    if (C.closed())
      return;
    C.send("ok"); // OK: returns above when the command closed the connection
    return;
  }
  C.send("[" + C.user() + "] " + Line);
}

void onProtocolError(ChatConnection &C, const std::string &What) {
  std::cerr << "protocol error from " << C.user() << ": " << What << "\n";
  kick(C, "protocol error: " + What);
}

void readLoop(ChatConnection &C, const std::vector<std::string> &Lines) {
  int Budget = MaxCommandsPerMinute;
  for (const std::string &L : Lines) {
    if (L.size() > 512) {
      onProtocolError(C, "line too long");
      break;
    }
    processLine(C, L, Budget);
    if (C.closed())
      return;
  }
  C.close(); // BUG: double-close
}

void endSession(ChatConnection &C, bool IdleTimeout) {
  if (C.closed())
    return;
  if (IdleTimeout)
    C.send("*** idle timeout"); // OK: returned above if closed
  C.close();
}

int main() {
  std::vector<std::string> Lines;
  for (std::string L; std::getline(std::cin, L);)
    Lines.push_back(L);
  ChatConnection Alice("alice");
  readLoop(Alice, Lines);

  ChatConnection Bob("bob");
  int Budget = MaxCommandsPerMinute;
  processLine(Bob, "/quit", Budget);
  endSession(Bob, false);
  return 0;
}
