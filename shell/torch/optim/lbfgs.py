# torch.optim.LBFGS: limited-memory BFGS over all parameters as one flat vector. Each step() runs up
# to max_iter iterations of the two-loop recursion (Nocedal & Wright, algorithm 7.4) on the last
# history_size curvature pairs, with a fixed step lr or a strong-Wolfe line search. The arithmetic
# follows PyTorch's (minFunc's) order step for step, so the iterates agree with PyTorch's.
import torch

__all__ = ['LBFGS']


def _cubic_minimum(x1, f1, g1, x2, f2, g2, bounds=None):
    """The minimiser of the cubic through (x1, f1) and (x2, f2) with slopes g1 and g2, clamped to
    bounds (default: between x1 and x2); the bounds' midpoint when the cubic has no minimum."""
    lo, hi = bounds if bounds is not None else ((x1, x2) if x1 <= x2 else (x2, x1))
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if d2_square < 0:
        return (lo + hi) / 2.0
    d2 = d2_square.sqrt()
    if x1 <= x2:
        at = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        at = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return min(max(at, lo), hi)


class _Bracket:
    """Two trial steps of the line search with their losses, gradients and slopes along d."""

    def __init__(self, steps, losses, grads, slopes):
        self.t, self.f, self.g, self.gtd = steps, losses, grads, slopes

    def order(self):
        return (0, 1) if self.f[0] <= self.f[-1] else (1, 0)

    def set(self, i, t, f, g, gtd):
        self.t[i], self.f[i], self.g[i], self.gtd[i] = t, f, g, gtd


def _strong_wolfe(evaluate, x, t, d, f, g, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9, max_ls=25):
    """A step t along d meeting the strong Wolfe conditions: bracket one, then zoom into it."""
    d_norm = d.abs().max()
    g = g.clone()
    f_new, g_new = evaluate(x, t, d)
    evals = 1
    gtd_new = g_new.dot(d)
    t_prev, f_prev, g_prev, gtd_prev = 0, f, g, gtd
    done = False
    it = 0
    bracket = None
    while it < max_ls:
        too_high = f_new > f + c1 * t * gtd or (it > 1 and f_new >= f_prev)  # sufficient decrease fails
        if not too_high and abs(gtd_new) <= -c2 * gtd:  # both conditions hold: t is the answer
            bracket, done = _Bracket([t], [f_new], [g_new], [gtd_new]), True
            break
        if too_high or gtd_new >= 0:  # a minimum lies between t_prev and t
            bracket = _Bracket([t_prev, t], [f_prev, f_new], [g_prev, g_new.clone()], [gtd_prev, gtd_new])
            break
        # Extrapolate: the cubic's minimum, at least 1% beyond t and at most 10 t.
        t_next = _cubic_minimum(t_prev, f_prev, gtd_prev, t, f_new, gtd_new, bounds=(t + 0.01 * (t - t_prev), t * 10))
        t_prev, f_prev, g_prev, gtd_prev = t, f_new, g_new.clone(), gtd_new
        t = t_next
        f_new, g_new = evaluate(x, t, d)
        evals += 1
        gtd_new = g_new.dot(d)
        it += 1
    if it == max_ls:
        bracket = _Bracket([0, t], [f, f_new], [g, g_new], [None, None])
    stalled = False
    low, high = bracket.order()
    while not done and it < max_ls:
        if abs(bracket.t[1] - bracket.t[0]) * d_norm < tolerance_change:
            break
        t = _cubic_minimum(bracket.t[0], bracket.f[0], bracket.gtd[0], bracket.t[1], bracket.f[1], bracket.gtd[1])
        # Keep t at least 10% of the interval away from its ends (or give up that once, then force it).
        top, bottom = max(bracket.t), min(bracket.t)
        eps = 0.1 * (top - bottom)
        if min(top - t, t - bottom) < eps:
            if stalled or t >= top or t <= bottom:
                t = top - eps if abs(t - top) < abs(t - bottom) else bottom + eps
                stalled = False
            else:
                stalled = True
        else:
            stalled = False
        f_new, g_new = evaluate(x, t, d)
        evals += 1
        gtd_new = g_new.dot(d)
        it += 1
        if f_new > f + c1 * t * gtd or f_new >= bracket.f[low]:
            bracket.set(high, t, f_new, g_new.clone(), gtd_new)
            low, high = bracket.order()
        else:
            if abs(gtd_new) <= -c2 * gtd:
                done = True
            elif gtd_new * (bracket.t[high] - bracket.t[low]) >= 0:
                bracket.set(high, bracket.t[low], bracket.f[low], bracket.g[low], bracket.gtd[low])
            bracket.set(low, t, f_new, g_new.clone(), gtd_new)
    return bracket.f[low], bracket.g[low], bracket.t[low], evals


class LBFGS(Optimizer):
    """Limited-memory BFGS. step(closure) needs a closure that zeroes the gradients, computes the
    loss, calls backward() and returns the loss; it may call it up to max_eval times."""

    def __init__(self, params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-7, tolerance_change=1e-9,
                 history_size=100, line_search_fn=None, *, maximize=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Invalid learning rate: {lr}')
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        super().__init__(params, dict(lr=lr, max_iter=max_iter, max_eval=max_eval, tolerance_grad=tolerance_grad,
                                      tolerance_change=tolerance_change, history_size=history_size,
                                      line_search_fn=line_search_fn, maximize=maximize))
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self._params = self.param_groups[0]['params']

    def _numel(self):
        return sum(2 * p.numel() if p.is_complex() else p.numel() for p in self._params)

    def _flat_grad(self):
        parts = []
        for p in self._params:
            part = p.new_zeros(p.numel()) if p.grad is None else p.grad.view(-1)
            parts.append(torch.view_as_real(part).view(-1) if part.is_complex() else part)
        flat = torch.cat(parts, 0)
        if self.param_groups[0]['maximize']:
            flat.neg_()
        return flat

    def _add_step(self, step, direction):
        offset = 0
        for p in self._params:
            if p.is_complex():
                p = torch.view_as_real(p)
            n = p.numel()
            p.add_(direction[offset:offset + n].view_as(p), alpha=step)
            offset += n

    def _evaluate_at(self, closure, x, t, d):
        """Loss and flat gradient at x + t d; the parameters are put back to x afterwards."""
        self._add_step(t, d)
        loss = float(self._call(closure))
        if self.param_groups[0]['maximize']:
            loss = -loss
        grad = self._flat_grad()
        for p, saved in zip(self._params, x):
            p.copy_(saved)
        return loss, grad

    def _call(self, closure):
        with torch.enable_grad():
            return closure()

    def step(self, closure):
        if closure is None:
            raise RuntimeError('LBFGS.step() needs a closure that recomputes the loss')
        with torch.no_grad():
            return self._step(closure)

    def _step(self, closure):
        group = self.param_groups[0]
        lr, max_iter, max_eval = float(group['lr']), group['max_iter'], group['max_eval']
        tolerance_grad, tolerance_change = group['tolerance_grad'], group['tolerance_change']
        line_search, history_size, maximize = group['line_search_fn'], group['history_size'], group['maximize']
        if line_search is not None and line_search != 'strong_wolfe':
            raise RuntimeError("only 'strong_wolfe' is supported")
        state = self._state_of(self._params[0])
        state.setdefault('func_evals', 0)
        state.setdefault('n_iter', 0)

        first_loss = self._call(closure)
        loss = -float(first_loss) if maximize else float(first_loss)
        evals = 1
        state['func_evals'] += 1
        flat_grad = self._flat_grad()
        if flat_grad.abs().max() <= tolerance_grad:
            return first_loss

        d, t = state.get('d'), state.get('t')
        old_dirs, old_stps, ro = state.get('old_dirs'), state.get('old_stps'), state.get('ro')
        H_diag, prev_flat_grad, prev_loss = state.get('H_diag'), state.get('prev_flat_grad'), state.get('prev_loss')
        n_iter = 0
        while n_iter < max_iter:
            n_iter += 1
            state['n_iter'] += 1
            if state['n_iter'] == 1:
                d = flat_grad.neg()
                old_dirs, old_stps, ro, H_diag = [], [], [], 1
            else:
                # Remember the newest curvature pair (y, s) when it keeps the Hessian estimate positive.
                y = flat_grad.sub(prev_flat_grad)
                s = d.mul(t)
                ys = y.dot(s)
                if ys > 1e-10:
                    if len(old_dirs) == history_size:
                        old_dirs.pop(0)
                        old_stps.pop(0)
                        ro.pop(0)
                    old_dirs.append(y)
                    old_stps.append(s)
                    ro.append(1.0 / ys)
                    H_diag = ys / y.dot(y)
                # Two-loop recursion: d = -H grad.
                count = len(old_dirs)
                if 'al' not in state:
                    state['al'] = [None] * history_size
                al = state['al']
                q = flat_grad.neg()
                for i in range(count - 1, -1, -1):
                    al[i] = old_stps[i].dot(q) * ro[i]
                    q.add_(old_dirs[i], alpha=-al[i])
                d = r = torch.mul(q, H_diag)
                for i in range(count):
                    be_i = old_dirs[i].dot(r) * ro[i]
                    r.add_(old_stps[i], alpha=al[i] - be_i)
            if prev_flat_grad is None:
                prev_flat_grad = flat_grad.clone()
            else:
                prev_flat_grad.copy_(flat_grad)
            prev_loss = loss
            t = min(1.0, 1.0 / flat_grad.abs().sum()) * lr if state['n_iter'] == 1 else lr
            gtd = flat_grad.dot(d)
            if gtd > -tolerance_change:  # not a descent direction
                break
            ls_evals = 0
            if line_search is not None:
                x0 = [p.clone() for p in self._params]
                loss, flat_grad, t, ls_evals = _strong_wolfe(lambda x, t, d: self._evaluate_at(closure, x, t, d),
                                                             x0, t, d, loss, flat_grad, gtd,
                                                             max_ls=max_eval - evals)
                self._add_step(t, d)
                converged = flat_grad.abs().max() <= tolerance_grad
            else:
                self._add_step(t, d)
                converged = False
                if n_iter != max_iter:
                    loss = float(self._call(closure))
                    loss = -loss if maximize else loss
                    flat_grad = self._flat_grad()
                    converged = flat_grad.abs().max() <= tolerance_grad
                    ls_evals = 1
            evals += ls_evals
            state['func_evals'] += ls_evals
            if n_iter == max_iter or evals >= max_eval or converged:
                break
            if d.mul(t).abs().max() <= tolerance_change or abs(loss - prev_loss) < tolerance_change:
                break
        state.update(d=d, t=t, old_dirs=old_dirs, old_stps=old_stps, ro=ro, H_diag=H_diag,
                     prev_flat_grad=prev_flat_grad, prev_loss=prev_loss)
        return first_loss
