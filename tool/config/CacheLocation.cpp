//===- CacheLocation.cpp - Parsing --cache locations ---------------------===//
//
// Apart from the backends so that config files can check a location
// without linking hiredis and libcurl.
//
//===----------------------------------------------------------------------===//

#include "CacheLocation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace errlint {

namespace {

/// %XX escapes decoded, as in a URL's user and password; false when an
/// escape is malformed.
bool percentDecode(StringRef In, std::string &Out) {
  Out.clear();
  for (size_t I = 0; I < In.size(); ++I) {
    if (In[I] != '%') {
      Out += In[I];
      continue;
    }
    unsigned Byte;
    if (I + 2 >= In.size() || In.substr(I + 1, 2).getAsInteger(16, Byte))
      return false;
    Out += static_cast<char>(Byte);
    I += 2;
  }
  return true;
}

/// The user and password of "[[USER]:PASSWORD@]", removed from Rest.
bool parseUserInfo(StringRef &Rest, CacheLocation &Out, std::string &Error) {
  size_t At = Rest.rfind('@');
  if (At == StringRef::npos)
    return true;
  StringRef Info = Rest.take_front(At);
  Rest = Rest.drop_front(At + 1);
  auto [User, Password] = Info.split(':');
  if (!Info.contains(':'))
    std::swap(User, Password); // "redis://secret@host": a password alone.
  if (!percentDecode(User, Out.User) ||
      !percentDecode(Password, Out.Password)) {
    Error = "malformed %-escape in the user or password";
    return false;
  }
  return true;
}

/// "redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]".
bool parseRedis(StringRef Rest, CacheLocation &Out, std::string &Error) {
  Out.K = CacheLocation::Redis;
  if (!parseUserInfo(Rest, Out, Error))
    return false;
  auto [HostPort, Db] = Rest.split('/');
  Db = Db.rtrim('/');
  if (!Db.empty() && Db.getAsInteger(10, Out.Database)) {
    Error = "the database must be a number, not '" + Db.str() + "'";
    return false;
  }
  auto [Host, Port] = HostPort.rsplit(':');
  if (!HostPort.contains(':'))
    Port = "";
  if (Host.empty()) {
    Error = "no host";
    return false;
  }
  if (!Port.empty() && (Port.getAsInteger(10, Out.Port) || Out.Port == 0 ||
                        Out.Port > 65535)) {
    Error = "invalid port '" + Port.str() + "'";
    return false;
  }
  Out.Host = Host.str();
  return true;
}

/// "http://HOST[:PORT]/PATH" and https: libcurl reads the rest.
bool parseHttp(StringRef Text, StringRef Rest, CacheLocation &Out,
               std::string &Error) {
  Out.K = CacheLocation::Http;
  StringRef Authority = Rest.take_until([](char C) { return C == '/'; });
  if (Authority.empty() || Authority.ends_with("@")) {
    Error = "no host";
    return false;
  }
  Out.Url = Text.rtrim('/').str();
  return true;
}

} // namespace

bool parseCacheLocation(StringRef Text, StringRef Base, CacheLocation &Out,
                        std::string &Error) {
  Out = CacheLocation();
  size_t Sep = Text.find("://");
  if (Sep == StringRef::npos || Text.take_front(Sep).contains('/')) {
    SmallString<256> Dir(Text);
    if (!sys::path::is_absolute(Dir)) {
      Dir = Base;
      sys::path::append(Dir, Text);
    }
    sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    Out.Path = std::string(Dir);
    return !Text.empty() || (Error = "empty cache location", false);
  }
  std::string Scheme = Text.take_front(Sep).lower();
  StringRef Rest = Text.drop_front(Sep + 3);
  if (Scheme == "redis")
    return parseRedis(Rest, Out, Error);
  if (Scheme == "http" || Scheme == "https")
    return parseHttp(Text, Rest, Out, Error);
  if (Scheme == "file" && sys::path::is_absolute(Rest)) {
    Out.Path = Rest.str();
    return true;
  }
  Error = Scheme == "file"
              ? "a file:// URL needs an absolute path"
              : "unsupported scheme '" + Scheme +
                    "' (use a directory, redis://, http:// or https://)";
  return false;
}

} // namespace errlint
