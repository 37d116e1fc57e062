// shell/python/attr_site.h — the fast ways to a tsh object's attribute at one place in the source.
//
// `self.total += x`, `s = o.w` and `o.step(i)` ask the same questions each time they run: does
// the object's class have an attribute of that name (a method, a property), does it define
// __setattr__, where in the object's __dict__ is the name. An attribute site (the Attribute node,
// grammar's Expr::attr_memo) keeps the answers for the class it last saw, as CPython 3.11's
// specialized LOAD_ATTR keeps them in its inline cache, and each answer is checked before use:
//   - the class's facts hold while the site's class serial and class epoch are current (every
//     change to any class moves the epoch: classes_changed());
//   - the name's place in the __dict__ is a guess that one comparison confirms;
//   - "this __dict__ does not have the name" holds while the dict's version is the one seen
//     (versions are never reused: shell/python/dict.h).
// A miss of any check takes the general way, which stays the reference for every rule.
#pragma once

#include "grammar/ast.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/value.h"

namespace tsh::shell {

namespace attr_site {
constexpr uint8_t kSetattr = 1;  // the class defines __setattr__
constexpr uint8_t kDunder = 2;   // the name is __x (__class__ and __dict__ are written specially)
constexpr uint8_t kHashed = 4;   // text_hash holds the name's hash
// Works the site's facts about u's class out again.
void refresh(grammar::Expr::AttrMemo& m, const UserInstance& u, const grammar::Expr& site);
// Whether d, changed since the site last looked, has the site's name (which then shadows the
// class's); when not, the site remembers d's version as one without it.
bool shadowed(DictObj& d, grammar::Expr::AttrMemo& m, const grammar::Expr& site);
// The site's facts about u's class, worked out again when the class or any class changed.
inline grammar::Expr::AttrMemo& memo_for(const UserInstance& u, const grammar::Expr& site) {
  grammar::Expr::AttrMemo& m = site.attr_memo;
  if (m.owner_serial != u.klass().serial || m.owner_epoch != g_classes_epoch) [[unlikely]] refresh(m, u, site);
  return m;
}
}  // namespace attr_site

// obj.name when obj is a tsh instance whose class has no attribute of that name (so the
// instance's __dict__ decides a read) and, for a write, no __setattr__: where the __dict__ keeps
// it. Null when the general way must decide, or when the __dict__ has no such key.
inline Value* site_instance_attr(const Value& obj, const grammar::Expr& site, bool for_write) {
  UserInstance* u = as_user(obj);
  if (!u) return nullptr;
  grammar::Expr::AttrMemo& m = attr_site::memo_for(*u, site);
  if (m.found || (for_write && (m.flags & (attr_site::kSetattr | attr_site::kDunder)))) return nullptr;
  return dict_of(u->dict).find_str(site.text, m.text_hash, m.position, &m.key);
}
// obj.name = v when obj is a tsh instance whose class has no attribute of that name and no
// __setattr__ (so a write goes to the __dict__, as UserInstance::set_attr would put it): written
// there, a new key or not; true. False, having written nothing, when the general way must decide.
bool site_instance_store(const Value& obj, const grammar::Expr& site, const Value& v);  // (attr_site.cpp)
// obj.name(...) when obj is a tsh instance, the class's `name` is a def and obj's __dict__ does
// not shadow it: the def, to be called with obj first (no bound method made). Null otherwise.
// Inline at its call: the method call of every training loop and lesson class runs it. With
// kWorkOut false nothing is worked out again and no call is made (eval_call, which then saves no
// registers): null also when the site's facts or obj's __dict__ changed since the site last looked.
template <bool kWorkOut = true>
[[gnu::always_inline]] inline const Value* site_method(const Value& obj, const grammar::Expr& site) {
  UserInstance* u = as_user(obj);
  if (!u) return nullptr;
  grammar::Expr::AttrMemo& m = site.attr_memo;
  if (m.owner_serial != u->klass().serial || m.owner_epoch != g_classes_epoch) [[unlikely]] {
    if (!kWorkOut) return nullptr;
    attr_site::refresh(m, *u, site);
  }
  const Value* f = static_cast<const Value*>(m.found);
  if (!f || !f->is(Kind::Function)) return nullptr;
  DictObj& d = dict_of(u->dict);
  if (d.version != m.table_version && (!kWorkOut || attr_site::shadowed(d, m, site))) [[unlikely]] return nullptr;
  return f;
}

}  // namespace tsh::shell
