// shell/python/attr_site.cpp — attribute sites: the class facts and __dict__ places an obj.name
// in the source remembers (why and when they hold: attr_site.h).
#include "shell/python/attr_site.h"

#include "shell/python/classes.h"
#include "shell/python/dict.h"

namespace tsh::shell {

namespace {

using Memo = grammar::Expr::AttrMemo;
constexpr uint8_t kSetattr = 1;  // the class defines __setattr__
constexpr uint8_t kDunder = 2;   // the name is __x (__class__ and __dict__ are written specially)
constexpr uint8_t kHashed = 4;   // text_hash holds the name's hash

// Works the site's facts about u's class out again.
[[gnu::noinline]] void refresh(Memo& m, const UserInstance& u, const grammar::Expr& site) {
  m.found = class_lookup(u.type, site.text);
  m.flags = static_cast<uint8_t>((m.flags & kHashed) | (user_method(u.type, "__setattr__") ? kSetattr : 0) |
                                 (site.text.starts_with("__") ? kDunder : 0));
  m.owner_serial = u.klass().serial;
  m.owner_epoch = g_classes_epoch;
  m.table_version = UINT64_MAX;  // a version no dict has
  if (!(m.flags & kHashed)) {
    m.text_hash = DictObj::str_hash(site.text);
    m.flags |= kHashed;
  }
}

// The site's facts about obj's class, worked out again when the class or any class changed.
inline Memo& memo_for(const UserInstance& u, const grammar::Expr& site) {
  Memo& m = site.attr_memo;
  if (m.owner_serial != u.klass().serial || m.owner_epoch != g_classes_epoch) refresh(m, u, site);
  return m;
}

}  // namespace

Value* site_instance_attr(const Value& obj, const grammar::Expr& site, bool for_write) {
  UserInstance* u = as_user(obj);
  if (!u) return nullptr;
  Memo& m = memo_for(*u, site);
  if (m.found || (for_write && (m.flags & (kSetattr | kDunder)))) return nullptr;
  return dict_of(u->dict).find_str(site.text, m.text_hash, m.position, &m.key);
}

const Value* site_method(const Value& obj, const grammar::Expr& site) {
  UserInstance* u = as_user(obj);
  if (!u) return nullptr;
  Memo& m = memo_for(*u, site);
  const Value* f = static_cast<const Value*>(m.found);
  if (!f || !f->is(Kind::Function)) return nullptr;
  DictObj& d = dict_of(u->dict);
  if (d.version != m.table_version) {
    if (d.find_str(site.text, m.text_hash, m.position, &m.key)) return nullptr;
    m.table_version = d.version;
  }
  return f;
}

}  // namespace tsh::shell
