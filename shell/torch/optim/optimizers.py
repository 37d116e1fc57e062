# torch.optim: SGD, the Adam family, RMSprop, Adagrad, Adadelta, Rprop, ASGD, Adafactor and Muon. The
# update rules are PyTorch's single-tensor ones (what it runs for CPU tensors), op for op, so parameters
# agree with PyTorch's after every step.
import math
import torch
from torch.nn.modules.module import _zero_grads

__all__ = ['Optimizer', 'SGD', 'Adam', 'AdamW', 'RMSprop', 'Adagrad', 'Adamax', 'Adadelta', 'Rprop', 'NAdam', 'RAdam', 'ASGD', 'Adafactor', 'Muon']


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self.state = {}
        self.param_groups = []
        if isinstance(params, torch.Tensor):
            raise TypeError('params argument given to the optimizer should be an iterable of Tensors or dicts, '
                            f'but got {params.type()}')
        groups = list(params)
        if len(groups) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(groups[0], dict):
            groups = [{'params': groups}]
        for g in groups:
            self.add_param_group(g)

    def add_param_group(self, param_group):
        params = param_group['params']
        param_group['params'] = [params] if isinstance(params, torch.Tensor) else list(params)
        for p in param_group['params']:
            if not isinstance(p, torch.Tensor):
                raise TypeError('optimizer can only optimize Tensors, but one of the params is ' + type(p).__name__)
            if not p.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        seen = set()
        for g in self.param_groups:
            for p in g['params']:
                seen.add(id(p))
        if any(id(p) in seen for p in param_group['params']):
            raise ValueError('some parameters appear in more than one parameter group')
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        _zero_grads((p for group in self.param_groups for p in group['params']), set_to_none)

    def _state_of(self, p):
        if p not in self.state:  # keyed by the parameter itself, as PyTorch's optimizer.state is
            self.state[p] = {}
        return self.state[p]

    def state_dict(self):
        index = {}
        groups = []
        for g in self.param_groups:
            packed = {k: v for k, v in g.items() if k != 'params'}
            ids = []
            for p in g['params']:
                if id(p) not in index:
                    index[id(p)] = len(index)
                ids.append(index[id(p)])
            packed['params'] = ids
            groups.append(packed)
        state = {index[id(p)]: v for p, v in self.state.items() if id(p) in index}
        return {'state': state, 'param_groups': groups}

    def load_state_dict(self, state_dict):
        groups = state_dict['param_groups']
        if len(groups) != len(self.param_groups):
            raise ValueError('loaded state dict has a different number of parameter groups')
        if any(len(a['params']) != len(b['params']) for a, b in zip(self.param_groups, groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size of optimizer's group")
        params = [p for g in self.param_groups for p in g['params']]
        ids = [i for g in groups for i in g['params']]
        self.state = {}
        for i, p in zip(ids, params):
            if i in state_dict['state']:
                self.state[p] = {k: (v.clone() if isinstance(v, torch.Tensor) else v)
                                     for k, v in state_dict['state'][i].items()}
        for mine, given in zip(self.param_groups, groups):
            for k, v in given.items():
                if k != 'params':
                    mine[k] = v

    def __repr__(self):
        text = type(self).__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            text += '\nParameter Group {0}\n'.format(i)
            for key in sorted(group.keys()):
                if key != 'params':
                    text += '    {0}: {1}\n'.format(key, group[key])
        return text + ')'

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                for p in group['params']:
                    if p.grad is not None:
                        self._update(p, p.grad, group, self._state_of(p))
        return loss


def _check(name, value, low=0.0):
    if not value >= low:
        raise ValueError(f'Invalid {name}: {value}')


def _check_betas(betas):
    for i in (0, 1):
        if not 0.0 <= betas[i] < 1.0:
            raise ValueError(f'Invalid beta parameter at index {i}: {betas[i]}')


def _unsupported(name, foreach, fused, capturable=False, differentiable=False):
    if foreach or fused or capturable or differentiable:
        raise NotImplementedError(f'{name}(foreach=, fused=, capturable=, differentiable=) are not supported by tsh: '
                                  'it runs the single-tensor update, as PyTorch does for CPU tensors')


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False,
                 foreach=None, differentiable=False, fused=None):
        _check('learning rate', lr)
        _check('momentum value', momentum)
        _check('weight_decay value', weight_decay)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        _unsupported('SGD', foreach, fused, differentiable=differentiable)
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                                      nesterov=nesterov, maximize=maximize, foreach=foreach,
                                      differentiable=differentiable, fused=fused))

    def _update(self, param, grad, group, state):
        if group['maximize']:
            grad = -grad
        if group['weight_decay'] != 0:
            grad = grad.add(param, alpha=group['weight_decay'])
        momentum = group['momentum']
        if momentum != 0:
            buf = state.get('momentum_buffer')
            if buf is None:
                buf = torch.clone(grad).detach()
                state['momentum_buffer'] = buf
            else:
                buf.mul_(momentum).add_(grad, alpha=1 - group['dampening'])
            grad = grad.add(buf, alpha=momentum) if group['nesterov'] else buf
        param.add_(grad, alpha=-group['lr'])


class Adam(Optimizer):
    _decoupled = False  # AdamW: weight decay scales the parameter instead of joining the gradient

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        _check('learning rate', lr)
        _check('epsilon value', eps)
        _check_betas(betas)
        _check('weight_decay value', weight_decay)
        _unsupported(type(self).__name__, foreach, fused, capturable, differentiable)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize, foreach=foreach, capturable=capturable,
                                      differentiable=differentiable, fused=fused,
                                      decoupled_weight_decay=decoupled_weight_decay or self._decoupled))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['exp_avg'] = torch.zeros_like(param)
            state['exp_avg_sq'] = torch.zeros_like(param)
            if group['amsgrad']:
                state['max_exp_avg_sq'] = torch.zeros_like(param)
        if group['maximize']:
            grad = -grad
        beta1, beta2 = group['betas']
        lr, eps = group['lr'], group['eps']
        state['step'] += 1
        if group['weight_decay'] != 0:
            if group['decoupled_weight_decay']:
                param.mul_(1 - lr * group['weight_decay'])
            else:
                grad = grad.add(param, alpha=group['weight_decay'])
        exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        step = state['step'].item()
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = bias_correction2 ** 0.5
        if group['amsgrad']:
            torch.maximum(state['max_exp_avg_sq'], exp_avg_sq, out=state['max_exp_avg_sq'])
            denom = (state['max_exp_avg_sq'].sqrt() / bias_correction2_sqrt).add_(eps)
        else:
            denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
        param.addcdiv_(exp_avg, denom, value=-step_size)


class AdamW(Adam):
    _decoupled = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused)


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        _check('learning rate', lr)
        _check('epsilon value', eps)
        _check('momentum value', momentum)
        _check('weight_decay value', weight_decay)
        _check('alpha value', alpha)
        super().__init__(params, dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                                      weight_decay=weight_decay, capturable=capturable, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['square_avg'] = torch.zeros_like(param)
            if group['momentum'] > 0:
                state['momentum_buffer'] = torch.zeros_like(param)
            if group['centered']:
                state['grad_avg'] = torch.zeros_like(param)
        if group['maximize']:
            grad = -grad
        alpha, eps, lr = group['alpha'], group['eps'], group['lr']
        state['step'] += 1
        if group['weight_decay'] != 0:
            grad = grad.add(param, alpha=group['weight_decay'])
        square_avg = state['square_avg']
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if group['centered']:
            grad_avg = state['grad_avg']
            grad_avg.lerp_(grad, 1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        avg = avg.add_(eps)
        if group['momentum'] > 0:
            buf = state['momentum_buffer']
            buf.mul_(group['momentum']).addcdiv_(grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            param.addcdiv_(grad, avg, value=-lr)


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        _check('learning rate', lr)
        _check('lr_decay value', lr_decay)
        _check('weight_decay value', weight_decay)
        _check('initial_accumulator_value value', initial_accumulator_value)
        _check('epsilon value', eps)
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable, fused=fused))
        for group in self.param_groups:
            for p in group['params']:
                state = self._state_of(p)
                state['step'] = torch.tensor(0.0)
                state['sum'] = torch.full_like(p, group['initial_accumulator_value'])

    def _update(self, param, grad, group, state):
        if group['maximize']:
            grad = -grad
        state['step'] += 1
        step = state['step'].item()
        if group['weight_decay'] != 0:
            grad = grad.add(param, alpha=group['weight_decay'])
        clr = group['lr'] / (1 + (step - 1) * group['lr_decay'])
        state['sum'].addcmul_(grad, grad, value=1)
        std = state['sum'].sqrt().add_(group['eps'])
        param.addcdiv_(grad, std, value=-clr)


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):
        _check('learning rate', lr)
        _check('epsilon value', eps)
        _check_betas(betas)
        _check('weight_decay value', weight_decay)
        _unsupported('Adamax', foreach, None, capturable, differentiable)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable, capturable=capturable))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['exp_avg'] = torch.zeros_like(param)
            state['exp_inf'] = torch.zeros_like(param)
        if group['maximize']:
            grad = -grad
        beta1, beta2 = group['betas']
        state['step'] += 1
        if group['weight_decay'] != 0:
            grad = grad.add(param, alpha=group['weight_decay'])
        state['exp_avg'].lerp_(grad, 1 - beta1)
        # the infinity norm: the larger of the decayed norm and |grad| + eps
        torch.maximum(state['exp_inf'].mul_(beta2), grad.abs().add_(group['eps']), out=state['exp_inf'])
        clr = group['lr'] / (1 - beta1 ** state['step'].item())
        param.addcdiv_(state['exp_avg'], state['exp_inf'], value=-clr)


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):
        _check('learning rate', lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f'Invalid rho value: {rho}')
        _check('epsilon value', eps)
        _check('weight_decay value', weight_decay)
        _unsupported('Adadelta', foreach, None, capturable, differentiable)
        super().__init__(params, dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                      capturable=capturable, foreach=foreach, differentiable=differentiable))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['square_avg'] = torch.zeros_like(param)
            state['acc_delta'] = torch.zeros_like(param)
        rho, eps = group['rho'], group['eps']
        state['step'] += 1
        if group['maximize']:
            grad = -grad
        if group['weight_decay'] != 0:
            grad = grad.add(param, alpha=group['weight_decay'])
        square_avg, acc_delta = state['square_avg'], state['acc_delta']
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_()
        delta.div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        param.add_(delta, alpha=-group['lr'])


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):
        _check('learning rate', lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f'Invalid eta values: {etas[0]}, {etas[1]}')
        _unsupported('Rprop', foreach, None, capturable, differentiable)
        super().__init__(params, dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize,
                                      differentiable=differentiable, capturable=capturable))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['prev'] = torch.zeros_like(param)
            state['step_size'] = torch.full_like(grad, group['lr'])
        if group['maximize']:
            grad = -grad
        etaminus, etaplus = group['etas']
        step_min, step_max = group['step_sizes']
        state['step'] += 1
        prev, step_size = state['prev'], state['step_size']
        # the sign of grad·prev picks how the step size moves: up, down, or (no history) not at all
        sign = grad.mul(prev).sign()
        sign.copy_(torch.where(sign.gt(0), etaplus, sign))
        sign.copy_(torch.where(sign.lt(0), etaminus, sign))
        sign.copy_(torch.where(sign.eq(0), 1, sign))
        step_size.mul_(sign).clamp_(step_min, step_max)
        grad = grad.clone()
        grad.copy_(torch.where(sign.eq(etaminus), 0, grad))
        param.addcmul_(grad.sign(), step_size, value=-1)
        prev.copy_(grad)


class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False):
        _check('learning rate', lr)
        _check('epsilon value', eps)
        _check_betas(betas)
        _check('weight_decay value', weight_decay)
        _check('momentum_decay value', momentum_decay)
        _unsupported('NAdam', foreach, None, capturable, differentiable)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      momentum_decay=momentum_decay, decoupled_weight_decay=decoupled_weight_decay,
                                      maximize=maximize, foreach=foreach, capturable=capturable,
                                      differentiable=differentiable))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['mu_product'] = torch.tensor(1.0)  # a float32 running product, rounded as PyTorch's is
            state['exp_avg'] = torch.zeros_like(param)
            state['exp_avg_sq'] = torch.zeros_like(param)
        if group['maximize']:
            grad = -grad
        beta1, beta2 = group['betas']
        lr, wd = group['lr'], group['weight_decay']
        state['step'] += 1
        step = state['step'].item()
        bias_correction2 = 1 - beta2 ** step
        if wd != 0:
            if group['decoupled_weight_decay']:
                param.mul_(1 - lr * wd)
            else:
                grad = grad.add(param, alpha=wd)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * group['momentum_decay'])))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * group['momentum_decay'])))
        state['mu_product'] *= mu
        exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        denom = exp_avg_sq.div(bias_correction2).sqrt()
        mu_product = state['mu_product'].item()
        mu_product_next = mu_product * mu_next
        denom.add_(group['eps'])
        param.addcdiv_(grad, denom, value=(-lr * (1.0 - mu) / (1.0 - mu_product)))
        param.addcdiv_(exp_avg, denom, value=(-lr * mu_next) / (1.0 - mu_product_next))


class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, decoupled_weight_decay=False,
                 *, foreach=None, maximize=False, capturable=False, differentiable=False):
        _check('learning rate', lr)
        _check('epsilon value', eps)
        _check_betas(betas)
        _check('weight_decay value', weight_decay)
        _unsupported('RAdam', foreach, None, capturable, differentiable)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                      foreach=foreach, capturable=capturable,
                                      decoupled_weight_decay=decoupled_weight_decay, differentiable=differentiable))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['exp_avg'] = torch.zeros_like(param)
            state['exp_avg_sq'] = torch.zeros_like(param)
        if group['maximize']:
            grad = -grad
        beta1, beta2 = group['betas']
        lr, wd = group['lr'], group['weight_decay']
        state['step'] += 1
        step = state['step'].item()
        if wd != 0:
            if group['decoupled_weight_decay']:
                param.mul_(1 - lr * wd)
            else:
                grad = grad.add(param, alpha=wd)
        exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        corrected = exp_avg / bias_correction1
        # the variance of the adaptive lr is tractable once rho_t > 5; before, plain momentum SGD
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if rho_t > 5.0:
            adaptive = (bias_correction2 ** 0.5) / exp_avg_sq.sqrt().add_(group['eps'])
            rect = ((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
            param.add_(corrected * lr * adaptive * rect, alpha=-1.0)
        else:
            param.add_(corrected * lr, alpha=-1.0)


class ASGD(Optimizer):
    """Averaged SGD: SGD with a decaying step size eta, keeping the running average of the iterates in
    state['ax'] (the averaging starts after t0 steps)."""

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False, differentiable=False, capturable=False):
        _check('learning rate', lr)
        _check('lambd value', lambd)
        _check('alpha value', alpha)
        _check('weight_decay value', weight_decay)
        _unsupported('ASGD', foreach, None, capturable, differentiable)
        super().__init__(params, dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay,
                                      foreach=foreach, maximize=maximize, differentiable=differentiable,
                                      capturable=capturable))

    def _update(self, param, grad, group, state):
        if not state:
            state['step'] = torch.tensor(0.0)
            state['eta'] = torch.tensor(float(group['lr']))
            state['mu'] = torch.tensor(1.0)
            state['ax'] = torch.zeros_like(param)
        if group['maximize']:
            grad = -grad
        ax = state['ax']
        if param.is_complex():
            param, grad, ax = torch.view_as_real(param), torch.view_as_real(grad), torch.view_as_real(ax)
        state['step'] += 1
        if group['weight_decay'] != 0:
            grad = grad.add(param, alpha=group['weight_decay'])
        eta = state['eta'].item()
        param.mul_(1 - group['lambd'] * eta)
        param.add_(grad, alpha=-eta)
        if state['mu'].item() != 1:
            ax.add_(param.sub(ax).mul_(state['mu']))
        else:
            ax.copy_(param)
        step = state['step'].item()
        lr = group['lr']
        state['eta'].copy_(torch.as_tensor(lr / (1 + group['lambd'] * lr * step) ** group['alpha']))
        state['mu'].copy_(torch.as_tensor(1 / max(1, step - group['t0'])))


class Adafactor(Optimizer):
    """Adafactor: Adam-like steps whose second moment of a matrix is kept factored, as a row and a
    column running mean of squared gradients (memory O(rows + columns)); the step is relative to the
    parameter's RMS and clipped to an RMS of d."""

    def __init__(self, params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0, weight_decay=0.0, *,
                 foreach=None, maximize=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Learning rate should be >= 0 but is: {lr}')
        if not 0.0 >= beta2_decay:
            raise ValueError(f'beta2_decay should be <= 0 but is: {beta2_decay}')
        if eps[0] is not None and not 0.0 <= eps[0]:
            raise ValueError(f'epsilon1 should be >= 0 but is: {eps[0]}')
        if not 0.0 <= eps[1]:
            raise ValueError(f'epsilon2 should be >= 0 but is: {eps[1]}')
        if not 1.0 <= d:
            raise ValueError(f'Clipping threshold d should be >= 1 but is: {d}')
        if not 0.0 <= weight_decay:
            raise ValueError(f'weight_decay should be >= 0 but is: {weight_decay}')
        _unsupported('Adafactor', foreach, None)
        super().__init__(params, dict(lr=lr, beta2_decay=beta2_decay, eps=eps, d=d, weight_decay=weight_decay,
                                      foreach=foreach, maximize=maximize))

    def _update(self, param, grad, group, state):
        if param.is_complex():
            raise RuntimeError('Adafactor does not support complex parameters')
        if not state:
            state['step'] = torch.tensor(0.0)
            if grad.dim() > 1:
                state['row_var'] = grad.new_zeros(list(grad.shape[:-1]) + [1])
                state['col_var'] = grad.new_zeros(list(grad.shape[:-2]) + [1, grad.shape[-1]])
            else:
                state['variance'] = torch.zeros_like(grad)
        if group['maximize']:
            grad = -grad
        lr, eps1, eps2 = float(group['lr']), group['eps'][0], group['eps'][1]
        if eps1 is None:
            eps1 = torch.finfo(param.dtype).eps
        state['step'] += 1
        step = state['step'].item()
        one_minus_beta2 = step ** group['beta2_decay']
        rho = min(lr, 1 / step ** 0.5)
        alpha = max(eps2, param.norm(2).item() / param.numel() ** 0.5) * rho
        if group['weight_decay'] != 0:
            param.mul_(1 - lr * group['weight_decay'])
        if grad.dim() > 1:
            row_var, col_var = state['row_var'], state['col_var']
            row_var.lerp_(torch.linalg.vector_norm(grad, dim=-1, keepdim=True).square_().div_(grad.size(-1)), one_minus_beta2)
            col_var.lerp_(torch.linalg.vector_norm(grad, dim=-2, keepdim=True).square_().div_(grad.size(-2)), one_minus_beta2)
            estimate = row_var @ col_var
            estimate.div_(row_var.mean(dim=-2, keepdim=True).clamp_(min=eps1))
        else:
            state['variance'].lerp_(grad * grad, one_minus_beta2)
            estimate = state['variance'].clone()
        update = estimate.clamp_(min=eps1 * eps1).rsqrt_()
        update.mul_(grad)
        denom = max(1.0, update.norm(2).item() / (update.numel() ** 0.5 * group['d']))
        param.add_(update, alpha=-alpha / denom)


def _orthogonalized(grad, coefficients, steps, eps):
    """Newton-Schulz iterations toward the nearest semi-orthogonal matrix (U V^T of grad's SVD), in
    bfloat16 as PyTorch's Muon runs them: X <- a X + (b A + c A^2) X with A = X X^T."""
    if steps >= 100:
        raise ValueError('Number of steps must be less than 100 for computational efficiency')
    if grad.dim() != 2:
        raise ValueError('Input tensor gradient must be a 2D matrix')
    if len(coefficients) != 3:
        raise ValueError('Coefficients must be a tuple of exactly 3 values')
    a, b, c = coefficients
    x = grad.to(dtype=torch.bfloat16, copy=True)
    tall = grad.size(0) > grad.size(1)
    if tall:
        x = x.T
    x.div_(x.norm().clamp(min=eps))
    for _ in range(steps):
        gram = x @ x.T
        x = torch.addmm(x, torch.addmm(gram, gram, gram, beta=b, alpha=c), x, beta=a)
    return x.T if tall else x


class Muon(Optimizer):
    """Muon: SGD with (Nesterov) momentum whose update for each 2-d parameter is orthogonalized by
    Newton-Schulz iterations, with decoupled weight decay."""

    def __init__(self, params, lr=1e-3, weight_decay=0.1, momentum=0.95, nesterov=True,
                 ns_coefficients=(3.4445, -4.775, 2.0315), eps=1e-7, ns_steps=5, adjust_lr_fn=None):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Learning rate should be >= 0 but is: {lr}')
        if not 0.0 <= momentum:
            raise ValueError(f'momentum should be >= 0 but is: {momentum}')
        if not 0.0 <= weight_decay:
            raise ValueError(f'weight decay should be >= 0 but is: {weight_decay}')
        if adjust_lr_fn is not None and adjust_lr_fn not in ('original', 'match_rms_adamw', 'spectral_unclamped'):
            raise ValueError(f'Adjust learning rate function {adjust_lr_fn} is not supported')
        super().__init__(params, dict(lr=lr, weight_decay=weight_decay, momentum=momentum, nesterov=nesterov,
                                      ns_coefficients=ns_coefficients, eps=eps, ns_steps=ns_steps,
                                      adjust_lr_fn=adjust_lr_fn))
        for group in self.param_groups:
            for p in group['params']:
                if p.dim() != 2:
                    raise ValueError(f'Muon only supports 2D parameters whereas we found a parameter with size: {p.size()}')

    def _update(self, param, grad, group, state):
        if param.is_complex():
            raise RuntimeError('Muon does not support complex parameters')
        if 'momentum_buffer' not in state:
            state['momentum_buffer'] = torch.zeros_like(grad)
        buf = state['momentum_buffer']
        buf.lerp_(grad, 1 - group['momentum'])
        update = grad.lerp(buf, group['momentum']) if group['nesterov'] else buf
        update = _orthogonalized(update, group['ns_coefficients'], group['ns_steps'], group['eps'])
        lr, rows, cols = float(group['lr']), param.shape[0], param.shape[1]
        rule = group['adjust_lr_fn']
        if rule is None or rule == 'original':
            ratio = math.sqrt(max(1, rows / cols))
        elif rule == 'match_rms_adamw':
            ratio = 0.2 * math.sqrt(max(rows, cols))
        elif rule == 'spectral_unclamped':
            ratio = math.sqrt(rows / cols)
        else:
            ratio = 1.0
        param.mul_(1 - lr * group['weight_decay'])
        param.add_(update, alpha=-lr * ratio)
